import type { AppError } from '../shared/errors.js';
import type { Caller } from '../modules/accounts/accounts.service.js';

/**
 * `required`: a valid key or 401. `optional`: no key is fine, a bad key is still 401. `admin`: an admin account's key
 * or session, and for anyone else the 404 of a route that does not exist. Absent: public.
 */
export type AuthMode = 'required' | 'optional' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    authFailure: AppError | null;
    /** Set while this request holds an idempotency key; its answer is stored for replays. */
    idempotencyKey?: { accountId: string; key: string };
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Where the spec fixes an operation's error texts: validation errors start with this. */
    validationPrefix?: string;
    /** ... and a 500 says this. */
    serverErrorText?: string;
    /** A creation operation: an Idempotency-Key header makes a retry return the first answer. */
    idempotent?: boolean;
    /** An OpenAI-compatible route: errors are `{error: {message, type, param, code}}`. */
    openaiErrors?: boolean;
    /** A bot's public chat: publishable keys (scoped to one bot) authenticate here, and nowhere else. */
    botKeys?: boolean;
    /** /mcp: OAuth access tokens authenticate here, and nowhere else; a 401 points to the OAuth metadata. */
    oauthTokens?: boolean;
  }
}
