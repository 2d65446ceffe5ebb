import { OAuthClientMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { z } from 'zod';

/** The one scope: use Atelier's MCP tools as the account that approved. */
export const MCP_SCOPE = 'mcp';
export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where a client may be sent back with a code: https anywhere, plain http only to this machine; never a fragment. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > 2_000) return 'a redirect URI is at most 2000 characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `not a URL: ${uri}`;
  }
  if (uri.includes('#')) return `a redirect URI has no fragment: ${uri}`;
  if (url.username || url.password) return `a redirect URI has no user name or password: ${uri}`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return `a redirect URI is https, or http on a loopback address (localhost, 127.0.0.1, [::1]): ${uri}`;
}

/**
 * RFC 7591 client metadata: the MCP SDK's schema (URLs that are not javascript:, data: or vbscript:), narrowed
 * to what this server does: the authorization code flow with refresh, public or secret-holding clients.
 */
export const registrationSchema = OAuthClientMetadataSchema.extend({
  redirect_uris: z
    .array(z.string())
    .min(1, 'redirect_uris: at least one')
    .max(10, 'redirect_uris: at most 10')
    .superRefine((uris, ctx) => {
      for (const uri of uris) {
        const problem = redirectUriProblem(uri);
        if (problem) ctx.addIssue({ code: 'custom', message: `redirect_uris: ${problem}` });
      }
    }),
  token_endpoint_auth_method: z.enum(AUTH_METHODS).optional(),
  grant_types: z.array(z.enum(GRANT_TYPES)).min(1).optional(),
  response_types: z.array(z.literal('code')).min(1).optional(),
  client_name: z.string().max(200).optional(),
  scope: z.string().max(200).optional(),
  contacts: z.array(z.string().max(320)).max(10).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(100).optional(),
});

/** PKCE (RFC 7636): a verifier is 43 to 128 unreserved characters; an S256 challenge is 43 base64url characters. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
export const CODE_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

const text = z.string().max(2_000);

/** The token endpoint's parameters (form-encoded or JSON), before the grant type picks the ones it needs. */
export const tokenRequestSchema = z.object({
  grant_type: text.optional(),
  code: text.optional(),
  code_verifier: text.optional(),
  redirect_uri: text.optional(),
  refresh_token: text.optional(),
  resource: text.optional(),
  scope: text.optional(),
  client_id: text.optional(),
  client_secret: text.optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** RFC 7009 revocation parameters. */
export const revocationRequestSchema = z.object({
  token: text.optional(),
  token_type_hint: text.optional(),
  client_id: text.optional(),
  client_secret: text.optional(),
});
export type RevocationRequest = z.infer<typeof revocationRequestSchema>;

/** The authorization endpoint's query (every value a single string: a repeated parameter is refused). */
export const authorizationQuerySchema = z.object({
  response_type: text.optional(),
  client_id: text.optional(),
  redirect_uri: text.optional(),
  code_challenge: text.optional(),
  code_challenge_method: text.optional(),
  state: text.optional(),
  scope: text.optional(),
  resource: text.optional(),
});
export type AuthorizationQuery = z.infer<typeof authorizationQuerySchema>;
