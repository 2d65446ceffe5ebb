import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import { AppError, storageFaultError } from '../shared/errors.js';
import { PACKAGE_ROOT } from '../shared/package-root.js';
import {
  BROWSER_COOKIE,
  CSRF_HEADER,
  SESSION_COOKIE,
  csrfTokenFor,
  isSameToken,
} from '../modules/sessions/session-tokens.js';
import { validationMessage } from '../shared/validation-message.js';
import { hideAdminPages } from './admin-pages.js';
import { cookieOptions } from './cookies.js';
import type { DashboardDeps, DashboardPages } from './dashboard-deps.js';
import { html } from './html.js';
import { sendPage } from './layout.js';
import { adminAccountsPages } from './pages/admin/admin-accounts-page.js';
import { adminAuditPages } from './pages/admin/admin-audit-page.js';
import { adminEnginesPage } from './pages/admin/admin-engines-page.js';
import { adminJobsPage } from './pages/admin/admin-jobs-page.js';
import { adminModelsPage } from './pages/admin/admin-models-page.js';
import { adminPublishedPresetsPage } from './pages/admin/admin-published-presets-page.js';
import { adminUsagePage } from './pages/admin/admin-usage-page.js';
import { authPages } from './pages/auth-pages.js';
import { botPages } from './pages/bot-pages.js';
import { brandVoicesPage } from './pages/brand-voices-page.js';
import { keysPage } from './pages/keys-page.js';
import { mediaPages } from './pages/media-pages.js';
import { oauthPages } from './pages/oauth-pages.js';
import { presetEditorPages } from './pages/preset-editor-page.js';
import { presetLinksPages } from './pages/preset-links-page.js';
import { presetsPages } from './pages/presets-pages.js';
import { publicPresetPages } from './pages/public-preset-page.js';
import { speechPage } from './pages/speech-page.js';
import { transcriptionPages } from './pages/transcription-pages.js';
import { usagePage } from './pages/usage-page.js';
import type { Viewer } from './viewer.js';
import { newId } from '../shared/ids.js';

const PAGES: DashboardPages[] = [
  authPages,
  usagePage,
  keysPage,
  oauthPages,
  presetsPages,
  presetEditorPages,
  presetLinksPages,
  mediaPages,
  transcriptionPages,
  speechPage,
  botPages,
  brandVoicesPage,
  adminAuditPages,
  adminJobsPage,
  adminEnginesPage,
  adminModelsPage,
  adminPublishedPresetsPage,
  adminAccountsPages,
  adminUsagePage,
];

const ASSETS = join(PACKAGE_ROOT, 'public', 'dashboard');
const FORM_LIMIT = 64 * 1024;
/** The CSRF token of a form; a body that is not a form has none (a script sends it in a header instead). */
const csrfForm = z.object({ _csrf: z.unknown().optional() }).catch({});

/** The web dashboard at /dashboard: server-rendered pages whose small scripts call the JSON API with the session. */
export async function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  // Chart.js's browser build, served as is: the package's exports do not name it, so it is found beside the main file.
  // Someone who opens the service's address in a browser is looking for the dashboard.
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/dashboard', 302));
  const chartJs = readFileSync(join(dirname(createRequire(import.meta.url).resolve('chart.js')), 'chart.umd.min.js'));
  const headers = securityHeaders(deps.config);
  await app.register(
    async (scope) => {
      await pageScope(scope, deps, headers);
      await scope.register(fastifyStatic, {
        root: ASSETS,
        prefix: '/assets/',
        decorateReply: false,
        index: false,
        list: false,
        maxAge: '1h',
      });
      scope.get('/assets/vendor/chart.umd.min.js', (_request, reply) => {
        void reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .send(chartJs);
      });
      hideAdminPages(scope);
      for (const pages of PAGES) await pages(scope, deps);
    },
    { prefix: '/dashboard' },
  );
  // Shared presets' public pages (/p/<token>): no login, the same forms, CSRF check and error pages.
  await app.register(
    async (scope) => {
      await pageScope(scope, deps, headers);
      await publicPresetPages(scope, deps);
    },
    { prefix: '/p' },
  );
}

/** What every scope of pages does: cookies, forms, who is asking, the CSRF check of posts, error pages. */
async function pageScope(scope: FastifyInstance, deps: DashboardDeps, headers: Record<string, string>): Promise<void> {
  await scope.register(fastifyCookie);
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  scope.decorateRequest('viewer', null as unknown as Viewer);
  scope.addHook('onRequest', async (request, reply) => {
    void reply.headers(headers);
    if (!request.url.startsWith('/dashboard/assets/')) await identify(request, reply, deps);
    // A missing page answers before its body is read, as an admin page does to whoever is not an admin.
    if (request.is404) throw new AppError('not_found', 'There is no such page');
  });
  scope.addHook('preHandler', async (request) => {
    if (request.method !== 'POST') return;
    const token = csrfForm.parse(request.body)._csrf ?? request.headers[CSRF_HEADER];
    if (!isSameToken(request.viewer.csrf, token))
      throw new AppError(
        'forbidden',
        'This form has expired or did not come from this site: reload the page and try again',
      );
  });
  scope.setErrorHandler((error: FastifyError, request, reply) => errorPage(error, request, reply));
  scope.setNotFoundHandler((request, reply) =>
    errorPage(new AppError('not_found', 'There is no such page'), request, reply),
  );
}

/** Works out who is asking: a valid session, or an anonymous browser that gets its pre-login secret. */
async function identify(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, services }: DashboardDeps,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  const caller = token ? await services.sessions.resolve(token) : undefined;
  if (caller && token) {
    request.viewer = { caller, csrf: csrfTokenFor(token) };
    return;
  }
  if (token) void reply.clearCookie(SESSION_COOKIE, cookieOptions(request, config));
  let secret = request.cookies[BROWSER_COOKIE];
  if (!secret || secret.length > 100) {
    secret = newId() + newId();
    void reply.setCookie(BROWSER_COOKIE, secret, cookieOptions(request, config));
    request.cookies[BROWSER_COOKIE] = secret;
  }
  request.viewer = { caller: null, csrf: csrfTokenFor(secret) };
}

/** The headers of every dashboard answer; they depend only on the configuration, so they are built once. */
function securityHeaders(config: Config): Record<string, string> {
  // Produced files come from the service, or from a CDN in front of the object store when one is configured.
  const files = [...new Set([new URL(config.publicUrl).origin, new URL(config.blobs.publicBase).origin])].join(' ');
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      `img-src 'self' data: blob: ${files}`,
      `media-src 'self' blob: ${files}`,
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
}

function errorPage(raised: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const fault = storageFaultError(raised);
  if (fault) request.log.error({ err: raised }, fault.message);
  const error = fault ?? raised;
  let status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  let message = error.message;
  if (!(error instanceof AppError) && error.validation) {
    status = 400;
    message = validationMessage(error.validation, error.validationContext);
  } else if (status === 429) {
    message = 'Too many attempts: wait a minute and try again';
  } else if (status >= 500 && !fault) {
    request.log.error({ err: error }, 'dashboard page failed');
    message = 'Something went wrong on our side; try again';
  }
  // A page's script that asked for JSON (the public preset page's) reads the error as the API gives it.
  if (request.headers.accept === 'application/json') return reply.code(status).send({ error: message });
  const viewer = request.viewer ?? { caller: null, csrf: '' };
  const body = html`<p class="error" role="alert">${message}</p>
    <p><a href="${viewer.caller ? '/dashboard' : '/dashboard/login'}">Back to the dashboard</a></p>`;
  return sendPage(reply, { title: status === 404 ? 'Not found' : 'Something is wrong', viewer, body }, status);
}
