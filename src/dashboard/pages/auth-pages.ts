import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { SESSION_COOKIE } from '../../modules/sessions/session-tokens.js';
import type { NewSession } from '../../modules/sessions/sessions.service.js';
import type { Outcome } from '../../shared/errors.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../modules/accounts/passwords.js';
import { cookieOptions } from '../cookies.js';
import type { DashboardPages } from '../dashboard-deps.js';
import { html } from '../html.js';
import { loginRateLimit } from '../login-rate-limit.js';
import { csrfField, sendPage } from '../layout.js';
import { fieldsOf, text } from '../request-fields.js';
import { safeNext } from '../viewer.js';

const credentials = fieldsOf({ email: text, password: text, next: text });
type Credentials = z.output<typeof credentials>;
const loginQuery = fieldsOf({ next: text });

/** Log in, sign up and log out. */
export const authPages: DashboardPages = (scope, { config, services }) => {
  const limited = { config: loginRateLimit(config) };

  scope.get('/login', async (request, reply) => {
    const { next } = loginQuery.parse(request.query);
    if (request.viewer.caller) return reply.redirect(safeNext(next), 303);
    return credentialsPage(request, reply, 'login', { next: safeNext(next) });
  });

  scope.post('/login', limited, async (request, reply) => {
    const form = credentials.parse(request.body);
    const outcome = await services.sessions.logIn(form.email, form.password);
    return finish(request, reply, config, outcome, 'login', form);
  });

  scope.get('/signup', async (request, reply) => {
    if (request.viewer.caller) return reply.redirect('/dashboard', 303);
    return credentialsPage(
      request,
      reply,
      'signup',
      {},
      config.dashboard.signup ? undefined : 'Sign-up is closed on this service; ask its operator for an account',
      config.dashboard.signup ? 200 : 403,
    );
  });

  scope.post('/signup', limited, async (request, reply) => {
    const form = credentials.parse(request.body);
    const outcome = await services.sessions.signUp(form.email.slice(0, 320), form.password);
    return finish(request, reply, config, outcome, 'signup', form);
  });

  scope.post('/logout', async (request, reply) => {
    await services.sessions.logOut(request.cookies[SESSION_COOKIE]);
    void reply.clearCookie(SESSION_COOKIE, cookieOptions(request, config));
    return reply.redirect('/dashboard/login', 303);
  });
};

function finish(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  outcome: Outcome<NewSession>,
  kind: 'login' | 'signup',
  form: Credentials,
) {
  if (!outcome.ok) {
    const status =
      outcome.error.code === 'conflict'
        ? 409
        : outcome.error.code === 'invalid_input'
          ? 400
          : outcome.error.code === 'forbidden'
            ? 403
            : 401;
    return credentialsPage(
      request,
      reply,
      kind,
      { email: form.email, next: safeNext(form.next) },
      outcome.error.message,
      status,
    );
  }
  void reply.setCookie(
    SESSION_COOKIE,
    outcome.value.token,
    cookieOptions(request, config, config.dashboard.sessionDays * 86_400),
  );
  return reply.redirect(kind === 'signup' ? '/dashboard/keys' : safeNext(form.next), 303);
}

function credentialsPage(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: 'login' | 'signup',
  values: { email?: string; next?: string },
  error?: string,
  status = 200,
) {
  const login = kind === 'login';
  const body = html`
    <form method="post" action="/dashboard/${kind}" class="card narrow" novalidate>
      ${csrfField(request.viewer)}
      ${login ? html`<input type="hidden" name="next" value="${values.next ?? '/dashboard'}" />` : ''}
      ${error ? html`<p class="error" role="alert" id="form-error">${error}</p>` : ''}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value="${values.email ?? ''}" ${error ? html`aria-describedby="form-error"` : ''} autofocus />
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required minlength="${login ? 1 : PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"
        autocomplete="${login ? 'current-password' : 'new-password'}" ${login ? '' : html`aria-describedby="password-hint"`} />
      ${login ? '' : html`<p class="hint" id="password-hint">At least ${PASSWORD_MIN} characters.</p>`}
      <button type="submit">${login ? 'Log in' : 'Create account'}</button>
      <p>${login ? html`No account yet? <a href="/dashboard/signup">Sign up</a>` : html`Already have an account? <a href="/dashboard/login">Log in</a>`}</p>
    </form>`;
  return sendPage(reply, { title: login ? 'Log in' : 'Sign up', viewer: request.viewer, body }, status);
}
