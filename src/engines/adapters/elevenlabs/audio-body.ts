import { UpstreamError } from '../../../shared/errors.js';
import type { UpstreamResponse } from '../../calls/upstream-call.js';

/** Reads an audio answer's bytes: a JSON or text answer with 200 is a proxy or an API change, not audio to play. */
export function readAudioBody(what: string): (response: UpstreamResponse) => Promise<Buffer> {
  return async (response) => {
    const type = response.headers.get('content-type') ?? '';
    if (/json|text|html/.test(type)) {
      await response.body?.cancel();
      throw new UpstreamError(`ElevenLabs returned ${what} in an unexpected format`, { isRetryable: false });
    }
    return Buffer.from(await response.arrayBuffer());
  };
}
