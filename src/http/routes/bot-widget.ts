import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type BotLauncherDeps, botWidgetSites } from '../../modules/bots/bot-launcher.js';
import type { BotChatService } from '../../modules/bots/bot-chat.service.js';
import { originOf } from '../../modules/keys/bot-keys.service.js';
import type { AnyOperation } from '../../operations/operation.js';
import { PACKAGE_ROOT } from '../../shared/package-root.js';
import { botChatRoutes } from './bot-chat.js';

/** The hosted widget's script, served as is at the path the hosted snippet loads it from. */
const WIDGET_SCRIPT = join(PACKAGE_ROOT, 'public', 'widget', 'chat.js');
/** Where the embedded page (same origin as the bot host) sends its messages: the bot chat route, mounted again. */
const EMBEDDED_PREFIX = '/embedded';
/** The header the embedded page names the site that frames it with (see speakForFramingSite). */
const EMBEDDING_ORIGIN = 'x-embedding-origin';

const botPath = z.object({ public_url: z.string().min(1).max(200) });
const launcherQuery = z.object({ origin: z.string().max(300).optional() });
const pageQuery = z.object({ mode: z.string().max(50).optional() });

/** What the widget's routes use of the services. */
export type BotWidgetServices = BotLauncherDeps & { botChat: BotChatService };

/**
 * The hosted widget as a drop-in, on the bot host ({bots_url}): `chat.min.js`, each bot's launcher settings
 * (`/bot/{public_url}/launcher`: its look, and the publishable key for the asking page's origin, for allowed origins
 * only) and the embedded chat page (`/bot/{public_url}?mode=embedded`, which only the allowed origins may frame).
 */
export async function botWidgetRoutes(
  app: FastifyInstance,
  chatOperation: AnyOperation,
  services: BotWidgetServices,
): Promise<void> {
  const script = readFileSync(WIDGET_SCRIPT);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/chat.min.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(script),
  );

  routes.get(
    '/bot/:public_url/launcher',
    { schema: { hide: true, params: botPath, querystring: launcherQuery } },
    async (request, reply) => {
      // A browser's cross-site request always carries its page's Origin; only the embedded page (same origin, where
      // a GET carries none) names the site that frames it in the query.
      const origin = request.headers.origin ?? request.query.origin;
      const allowed = origin === undefined ? undefined : originOf(origin);
      // The answer is readable by the asking page, also when it refuses it, so that the widget can say why.
      if (allowed) void reply.header('access-control-allow-origin', allowed);
      void reply.header('vary', 'origin').header('cache-control', 'private, no-store');
      const sites = await botWidgetSites(services, request.params.public_url);
      const answer = sites.ok ? sites.value.answer(origin) : sites;
      if (!answer.ok) return reply.code(answer.error.status).send({ error: answer.error.message });
      return answer.value;
    },
  );

  routes.get(
    '/bot/:public_url',
    { schema: { hide: true, params: botPath, querystring: pageQuery } },
    async (request, reply) => {
      if (request.query.mode !== 'embedded')
        return reply.code(404).send({
          error:
            'This address answers POST (the bot chat) and, with ?mode=embedded, the chat page for an iframe; embed chat.min.js for the launcher',
        });
      const sites = await botWidgetSites(services, request.params.public_url);
      if (!sites.ok) return reply.code(sites.error.status).send({ error: sites.error.message });
      return embeddedPage(reply, request.params.public_url, sites.value.origins);
    },
  );

  // The embedded page's messages come from the bot host's own origin: the same chat route (its handler, key checks and
  // limits unchanged), under its own prefix, where that page speaks for the site that frames it.
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      scope.addHook('onRequest', speakForFramingSite);
      botChatRoutes(scope, chatOperation, services.botChat);
    },
    { prefix: EMBEDDED_PREFIX },
  );
}

/**
 * A publishable key lists the sites a browser may use it from, by the request's Origin. The embedded page is the bot
 * host's own page, so its requests carry the host's origin; it sends, in x-embedding-origin, the origin of the page
 * that frames it (which only the key's allowed origins may do: frame-ancestors), and that is the Origin the key is
 * checked against. Only a same-origin request may say so: Sec-Fetch-Site is set by the browser, no page can forge it,
 * so no other site's page can speak for an allowed one (a program outside a browser could send any Origin anyway).
 */
function speakForFramingSite(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const site = request.headers[EMBEDDING_ORIGIN];
  if (request.headers['sec-fetch-site'] === 'same-origin' && typeof site === 'string') {
    const origin = originOf(site);
    if (origin) request.raw.headers.origin = origin;
  }
  done();
}

/** The chat page for an iframe: the same widget script, open and filling the frame; framed only by the allowed sites. */
function embeddedPage(reply: FastifyReply, publicUrl: string, origins: string[]): FastifyReply {
  const ancestors = origins.length > 0 ? origins.join(' ') : "'none'";
  // encodeURIComponent leaves no quote, < or & in it: safe inside the double-quoted attribute.
  const chatUrl = `/bot/${encodeURIComponent(publicUrl)}`;
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
    )
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', 'no-store')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Chat</title></head>
<body><script src="/chat.min.js" data-chat-url="${chatUrl}" data-mode="embedded"></script></body></html>
`);
}
