import { UpstreamError } from '../../../shared/errors.js';
import { type RetryPolicy, withRetries } from '../../calls/retry.js';
import type { SoundCallOptions, SoundModel, SoundResult } from '../../spec/sound-model.js';
import { callUpstream, joinUrl } from '../../calls/upstream-call.js';
import { readAudioBody } from './audio-body.js';
import { elevenLabsEnv } from './settings.js';

export interface ElevenLabsSoundConfig {
  /** Without the version segment, e.g. https://api.elevenlabs.io. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const LABEL = 'ElevenLabs';
const readSoundBody = readAudioBody('the sound');

/** An MP3 starts with an ID3 tag or an MPEG frame sync (11 set bits). */
const looksLikeMp3 = (data: Buffer) =>
  data.length >= 3 &&
  (data.toString('latin1', 0, 3) === 'ID3' || ((data[0] ?? 0) === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0));

/** ElevenLabs sound generation (POST /v1/sound-generation): an MP3 of the asked length. */
export class ElevenLabsSoundModel implements SoundModel {
  readonly provider = elevenLabsEnv.name;
  private readonly fetch: typeof fetch;

  constructor(private readonly config: ElevenLabsSoundConfig) {
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async doGenerate(options: SoundCallOptions): Promise<SoundResult> {
    const body = JSON.stringify({
      text: options.prompt,
      duration_seconds: options.durationSeconds,
      prompt_influence: options.promptInfluence,
    });
    const data = await withRetries(
      () =>
        callUpstream({
          fetch: this.fetch,
          url: joinUrl(this.config.baseUrl, '/v1/sound-generation'),
          method: 'POST',
          headers: { 'xi-api-key': this.config.apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
          body,
          timeoutMs: this.config.timeoutMs,
          signal: options.abortSignal,
          label: LABEL,
          statusText: {
            401: 'ElevenLabs rejected the API key',
            422: 'ElevenLabs refused the sound request',
          },
          read: readSoundBody,
        }),
      this.config.retry,
      options.abortSignal,
    );
    if (!looksLikeMp3(data)) throw new UpstreamError('ElevenLabs returned no MP3 audio', { isRetryable: false });
    return { audio: { data, mediaType: 'audio/mpeg' }, durationSeconds: options.durationSeconds, warnings: [] };
  }
}
