import type { CallOptions, Transport } from '../transport.js';
import type { Account, ApiKeyInfo, CreatedApiKey, Health, WebhookSecret } from '../types.js';

/** The caller's account: plan, balances and usage, API keys, the webhook signing secret. */
export function accountResources(t: Transport) {
  return {
    account: {
      /** Plan, credit balance and this period's usage. */
      get: (options?: CallOptions): Promise<Account> => t.call('/api/account', 'get', { options }),
      keys: {
        list: (options?: CallOptions): Promise<{ keys: ApiKeyInfo[] }> => t.call('/api/keys', 'get', { options }),
        /** The new key is in this answer only. */
        create: (name?: string, options?: CallOptions): Promise<CreatedApiKey> =>
          t.call('/api/keys', 'post', { body: name === undefined ? {} : { name }, retry: 'never', options }),
        revoke: (id: string, options?: CallOptions): Promise<{ id: string; revoked: true }> =>
          t.call('/api/keys/{id}', 'delete', { params: { id }, options }),
      },
      webhookSecret: (options?: CallOptions): Promise<WebhookSecret> =>
        t.call('/api/webhook-secret', 'get', { options }),
      rotateWebhookSecret: (options?: CallOptions): Promise<WebhookSecret> =>
        t.call('/api/webhook-secret/rotate', 'post', { retry: 'never', options }),
    },
    /** Liveness and database reachability (no key needed). */
    health: (options?: CallOptions): Promise<Health> => t.call('/health', 'get', { options }),
  };
}
