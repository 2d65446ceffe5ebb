import type { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** What an OAuth step returns: its value, or the error (the MCP SDK's classes) the endpoint answers with. */
export type OAuthOutcome<T> = { ok: true; value: T } | { ok: false; error: OAuthError };
export const ok = <T>(value: T): OAuthOutcome<T> => ({ ok: true, value });
export const fail = <T>(error: OAuthError): OAuthOutcome<T> => ({ ok: false, error });
