import { type Provider, configuredRemote } from '../../providers/provider.js';
import { Automatic1111ImageModel } from './automatic1111-image-model.js';
import { automatic1111Env } from './settings.js';

/** A Stable Diffusion web UI: each catalogue entry's `upstreamModel` is the checkpoint it loads. */
export const automatic1111Provider: Provider = {
  name: automatic1111Env.name,
  image: {
    engine: (config, deps) => {
      const { automatic1111, timeoutMs } = config.images;
      if (!automatic1111) return undefined;
      const [username, ...rest] = automatic1111.basicAuth?.split(':') ?? [];
      return (entry) =>
        new Automatic1111ImageModel({
          baseUrl: automatic1111.baseUrl,
          apiKey: automatic1111.apiKey,
          ...(username && { username, password: rest.join(':') }),
          checkpoint: entry.upstreamModel,
          modelId: entry.name,
          timeoutMs,
          retry: { retries: config.upstream.retries },
          fetch: deps.fetch,
        });
    },
    readiness: (config) =>
      config.images.automatic1111 ? [configuredRemote(automatic1111Env.name, config.images.automatic1111.baseUrl)] : [],
  },
};
