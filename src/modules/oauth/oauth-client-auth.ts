import { InvalidClientError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { sha256Hex } from '../../shared/ids.js';
import type { OAuthClientRow } from '../../storage/db/schema.js';
import { sameHash } from '../keys/key-use.js';
import { type OAuthOutcome, fail, ok } from './oauth-outcome.js';

export type ClientCredentials = { client_id?: string; client_secret?: string };

/**
 * The client of a token or revocation request: client_secret_basic (the Authorization header, its parts
 * form-encoded as RFC 6749 section 2.3.1 says), client_secret_post, or a public client's bare client_id. A client
 * registered with a secret must present it; secrets are compared as SHA-256 hashes, in constant time.
 */
export async function authenticateClient(
  findClient: (id: string) => Promise<OAuthClientRow | undefined>,
  params: ClientCredentials,
  authorization?: string,
): Promise<OAuthOutcome<OAuthClientRow>> {
  let clientId = params.client_id;
  let secret = params.client_secret;
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return fail(new InvalidClientError('Malformed Basic credentials'));
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } catch {
      return fail(new InvalidClientError('Malformed Basic credentials'));
    }
  }
  if (!clientId) return fail(new InvalidClientError('client_id is required'));
  const client = clientId.length <= 100 ? await findClient(clientId) : undefined;
  if (!client) return fail(new InvalidClientError('Unknown client'));
  if (client.secret_hash && (!secret || !sameHash(client.secret_hash, sha256Hex(secret))))
    return fail(new InvalidClientError('Wrong or missing client secret'));
  return ok(client);
}
