import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { AUTH_METHODS, GRANT_TYPES, MCP_SCOPE } from './oauth.schemas.js';

/** RFC 9728: where a client learns which authorization server signs it in to `resource` (this server's /mcp). */
export function protectedResourceMetadata(issuer: string, resource: string): OAuthProtectedResourceMetadata {
  return {
    resource,
    authorization_servers: [issuer],
    bearer_methods_supported: ['header'],
    scopes_supported: [MCP_SCOPE],
    resource_name: 'Atelier',
  };
}

/** RFC 8414: the authorization server's endpoints and what it supports (code + PKCE S256, refresh, revocation). */
export function authorizationServerMetadata(issuer: string): OAuthMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: [MCP_SCOPE],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...AUTH_METHODS],
    // RFC 9207: the redirect back carries `iss`.
    authorization_response_iss_parameter_supported: true,
  };
}
