import { UpstreamError } from '../../../shared/errors.js';
import {
  AVATAR_MODEL_FOR_A_PICTURE,
  type TalkingVideoCallOptions,
  type TalkingVideoModel,
  type TalkingVideoResult,
} from '../../spec/talking-video-model.js';
import { bearer, callUpstream, joinUrl, postJson, readBytes } from '../../calls/upstream-call.js';

export interface CogLipSyncConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  /** The model's input names for the face (picture or clip) and the speech. */
  faceInput: string;
  audioInput: string;
  timeoutMs: number;
  fetch?: typeof fetch | undefined;
  /** Scales the engine's clip to the asked resolution, puts the speech on it and burns in captions. */
  finish: (options: TalkingVideoCallOptions) => Promise<TalkingVideoResult>;
}

const LABEL = 'The lip-sync engine';
/** An answer bigger than this is not a talking head of at most five minutes. */
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

const dataUrl = (mediaType: string, data: Buffer) => `data:${mediaType};base64,${data.toString('base64')}`;

/**
 * A lip-sync model served with Cog's HTTP interface (`cog serve`, a Cog model's Docker image: Wav2Lip,
 * SadTalker and others are packaged so): POST /predictions {"input": {face, audio}} with the files as data
 * URLs; the synchronous answer is {"status": "succeeded", "output": "data:video/mp4;base64,..."} (or a URL
 * on the same server). Its clip is then finished by ffmpeg: asked resolution, H.264 + AAC, captions.
 */
export class CogLipSyncModel implements TalkingVideoModel {
  readonly provider = 'cog';
  readonly modelId = 'cog-lipsync';
  private readonly fetch: typeof fetch;

  constructor(private readonly config: CogLipSyncConfig) {
    this.fetch = config.fetch ?? globalThis.fetch;
  }

  async doGenerate(options: TalkingVideoCallOptions): Promise<TalkingVideoResult> {
    const { face, speechWav, abortSignal } = options;
    const faceUrl =
      face.kind === 'image' ? dataUrl(face.image.mediaType, face.image.data) : dataUrl('video/mp4', face.data);
    const answer = await postJson({
      fetch: this.fetch,
      url: joinUrl(this.config.baseUrl, '/predictions'),
      headers: bearer(this.config.apiKey),
      body: JSON.stringify({
        input: { [this.config.faceInput]: faceUrl, [this.config.audioInput]: dataUrl('audio/wav', speechWav) },
      }),
      timeoutMs: this.config.timeoutMs,
      signal: abortSignal,
      label: LABEL,
    });
    const clip = await this.output(answer, abortSignal);
    const warnings = options.avatarModel && face.kind === 'video' ? [AVATAR_MODEL_FOR_A_PICTURE] : [];
    const finished = await this.config.finish({ ...options, face: { kind: 'video', data: clip } });
    return { ...finished, warnings: [...warnings, ...finished.warnings] };
  }

  /** The clip in a prediction: a data URL, or a URL on the engine's own server (never anywhere else). */
  private async output(answer: unknown, signal: AbortSignal | undefined): Promise<Buffer> {
    const prediction = (answer ?? {}) as { status?: unknown; output?: unknown };
    if (prediction.status !== 'succeeded')
      throw new UpstreamError(
        prediction.status === 'failed'
          ? `${LABEL} could not make the video (its prediction failed)`
          : `${LABEL} answered a prediction that is not finished (${String(prediction.status).slice(0, 20)}); it must run predictions synchronously`,
        { isRetryable: false },
      );
    const output = Array.isArray(prediction.output) ? prediction.output.at(-1) : prediction.output;
    if (typeof output !== 'string') throw new UpstreamError(`${LABEL} answered no video`, { isRetryable: false });
    if (output.startsWith('data:')) {
      const comma = output.indexOf(',');
      if (comma < 0 || !/;base64$/.test(output.slice(0, comma)))
        throw new UpstreamError(`${LABEL} answered a data URL that is not base64`, { isRetryable: false });
      return Buffer.from(output.slice(comma + 1), 'base64');
    }
    let url: URL;
    try {
      url = new URL(output, this.config.baseUrl);
    } catch {
      throw new UpstreamError(`${LABEL} answered an output that is neither a data URL nor a URL`, {
        isRetryable: false,
      });
    }
    if (url.origin !== new URL(this.config.baseUrl).origin)
      throw new UpstreamError(`${LABEL} answered a URL on another server; only its own is fetched`, {
        isRetryable: false,
      });
    return callUpstream({
      fetch: this.fetch,
      url: url.href,
      method: 'GET',
      headers: bearer(this.config.apiKey),
      timeoutMs: this.config.timeoutMs,
      signal,
      label: LABEL,
      read: async (response) => {
        const length = Number(response.headers.get('content-length') ?? 0);
        if (length > MAX_OUTPUT_BYTES)
          throw new UpstreamError(`${LABEL} answered too large a video`, { isRetryable: false });
        return readBytes(response);
      },
    });
  }
}
