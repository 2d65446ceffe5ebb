/**
 * What OAuth tokens look like, apart from the service so that the auth hook can tell a token from an API key
 * without loading the OAuth machinery. API keys start `atl_`: neither is ever taken for the other.
 */
export const ACCESS_TOKEN_PREFIX = 'atlo_';
export const REFRESH_TOKEN_PREFIX = 'atlr_';
export const CODE_PREFIX = 'atlc_';
export const CLIENT_SECRET_PREFIX = 'atls_';

/** Whether a bearer credential is an OAuth access token (rather than an API key). */
export const isOAuthAccessToken = (raw: string): boolean => raw.startsWith(ACCESS_TOKEN_PREFIX);
