import { type Provider, configuredRemote } from '../../providers/provider.js';
import { RembgEditor } from './rembg-editor.js';
import { rembgEnv } from './settings.js';

/** A background removal server (rembg's `rembg s`, or one of the same shape): Remove and Replace Background. */
export const rembgProvider: Provider = {
  name: rembgEnv.name,
  imageEdit: {
    editor: (config, deps) => {
      const { rembg, timeoutMs } = config.images;
      if (!rembg) return undefined;
      return new RembgEditor({
        url: rembg.url,
        model: rembg.model,
        apiKey: rembg.apiKey,
        timeoutMs,
        retry: { retries: config.upstream.retries },
        fetch: deps.fetch,
      });
    },
    readiness: (config) => (config.images.rembg ? [configuredRemote(rembgEnv.name, config.images.rembg.url)] : []),
  },
};
