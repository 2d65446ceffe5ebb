import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { Config } from '../../config.js';
import type { OAuthOutcome } from '../../modules/oauth/oauth-outcome.js';
import type { OAuthService } from '../../modules/oauth/oauth.service.js';
import { revocationRequestSchema, tokenRequestSchema } from '../../modules/oauth/oauth.schemas.js';

const FORM_LIMIT = 64 * 1024;
const PUBLIC_PATHS = [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-authorization-server',
  '/oauth/register',
  '/oauth/token',
  '/oauth/revoke',
];

/**
 * OAuth sign-in for MCP clients (the MCP authorization specification): the metadata documents, dynamic client
 * registration, the token and revocation endpoints. The authorization endpoint sends the browser to the
 * dashboard's consent page, where the dashboard's session and CSRF rules apply.
 */
export async function oauthRoutes(app: FastifyInstance, oauth: OAuthService, config: Config): Promise<void> {
  const open = { schema: { hide: true } };
  // Browser-based MCP clients read the metadata, register and fetch tokens from their own pages: no cookie is ever
  // involved here, so any origin may ask (the preflight answers for every path below).
  for (const url of PUBLIC_PATHS)
    app.options(url, open, (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type, mcp-protocol-version')
        .header('access-control-max-age', '86400')
        .send(),
    );
  const resourceMetadata = (_request: FastifyRequest, reply: FastifyReply) =>
    metadata(reply).send(oauth.protectedResourceMetadata());
  app.get('/.well-known/oauth-protected-resource', open, resourceMetadata);
  app.get('/.well-known/oauth-protected-resource/mcp', open, resourceMetadata);
  app.get('/.well-known/oauth-authorization-server', open, (_request, reply) =>
    metadata(reply).send(oauth.authorizationServerMetadata()),
  );
  // The query goes on unchanged: the consent page checks it (and again when the form comes back).
  app.get('/oauth/authorize', open, (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`/dashboard/oauth/authorize${query < 0 ? '' : request.url.slice(query)}`, 302);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, formFields(body as string)),
    );
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('access-control-allow-origin', '*');
      done(null, payload);
    });
    // Errors the framework raises here (a body that does not parse, a rate limit) answer in OAuth's shape too.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 429) return oauthError(reply, 429, 'too_many_requests', 'Too many requests: wait a minute');
      if (status >= 400 && status < 500) return oauthError(reply, 400, 'invalid_request', error.message);
      request.log.error({ err: error }, 'OAuth endpoint failed');
      return oauthError(reply, 500, 'server_error', 'Internal server error');
    });

    scope.post(
      '/oauth/register',
      {
        schema: { hide: true },
        config: {
          rateLimit: {
            max: config.oauth.registrationsPerMinute,
            timeWindow: 60_000,
            keyGenerator: (request: FastifyRequest) => `oauth-register:${request.ip}`,
          },
        },
      },
      async (request, reply) => {
        const registered = await oauth.register(request.body);
        if (!registered.ok) return sendError(reply, registered.error);
        return reply.code(201).header('cache-control', 'no-store').send(registered.value);
      },
    );

    scope.post('/oauth/token', open, async (request, reply) => {
      const params = tokenRequestSchema.safeParse(request.body ?? {});
      if (!params.success) return oauthError(reply, 400, 'invalid_request', 'A parameter is repeated or malformed');
      const tokens = await oauth.token(params.data, request.headers.authorization);
      return answer(reply, tokens);
    });

    scope.post('/oauth/revoke', open, async (request, reply) => {
      const params = revocationRequestSchema.safeParse(request.body ?? {});
      if (!params.success) return oauthError(reply, 400, 'invalid_request', 'A parameter is repeated or malformed');
      const revoked = await oauth.revoke(params.data, request.headers.authorization);
      return answer(reply, revoked.ok ? { ok: true, value: {} } : revoked);
    });
  });
}

/** Metadata documents are public and read by browser-based clients too. */
function metadata(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=3600');
}

function answer<T>(reply: FastifyReply, outcome: OAuthOutcome<T>): FastifyReply {
  if (!outcome.ok) return sendError(reply, outcome.error);
  return reply.code(200).header('cache-control', 'no-store').header('pragma', 'no-cache').send(outcome.value);
}

/** RFC 6749 section 5.2: 400, or 401 (with a challenge) when the client failed to authenticate. */
function sendError(reply: FastifyReply, error: OAuthError): FastifyReply {
  if (error.errorCode === 'invalid_client') void reply.header('www-authenticate', 'Basic realm="atelier"');
  return reply
    .code(error.errorCode === 'invalid_client' ? 401 : 400)
    .header('cache-control', 'no-store')
    .send(error.toResponseObject());
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** A form's fields; a field given twice becomes a list, which the schemas refuse (RFC 6749 section 3.1). */
function formFields(body: string): Record<string, string | string[]> {
  const fields = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}
