import { durationSeconds, encodeWav } from '../../engines/audio/wav.js';
import type { TalkingFace, TalkingVideoModel } from '../../engines/spec/talking-video-model.js';
import type { SpeechAudio } from '../../engines/spec/tts-model.js';
import type { RecordKind } from '../../jobs/job-record-lifecycle.js';
import { type Clock, isoNow } from '../../shared/clock.js';
import { UpstreamError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { VideoRow } from '../../storage/db/schema.js';
import type { CreditsService, WorkKind } from '../credits/credits.service.js';
import type { SpeechService } from '../speech/speech.service.js';
import { MAX_AUDIO_SECONDS, type TalkingInputs } from './talking-inputs.js';
import { type TalkingRequest, parseTalkingRequest, talkingCredits } from './talking-request.js';
import { audibleSpan, estimateWordTimings } from './talking-words.js';
import { type VideoJobPayload, videoRecordKind } from './video-job.js';
import type { VideoCompletion, VideosRepo } from './videos.repo.js';
import { storedWarnings } from '../../engines/spec/warning-text.js';
import type { Warning } from '../../engines/spec/warnings.js';

/** A talking video: a video record, its own job. */
export const TALKING_VIDEO_RECORDS = videoRecordKind('video.talking');
export const TALKING_VIDEO_JOB = TALKING_VIDEO_RECORDS.kind;
export type TalkingJobPayload = VideoJobPayload;

export interface TalkingJobDeps {
  repo: VideosRepo;
  engine: TalkingVideoModel;
  speech: SpeechService;
  inputs: TalkingInputs;
  credits: CreditsService;
  blobs: BlobStore;
  creditsPerSecond: number;
  maxAttempts: number;
  clock: Clock;
}

const seconds = (value: number) => `${Number(value.toFixed(1))} s`;

/** The first `limit` seconds of a recording. */
const cut = (audio: SpeechAudio, limit: number): SpeechAudio => ({
  sampleRate: audio.sampleRate,
  pcm: audio.pcm.subarray(0, Math.floor(limit * audio.sampleRate) * 2),
});

/**
 * A talking video, one job: the speech (our own voice, or the given audio), the face (a picture, or a clip
 * looped or cut to the speech), captions timed word by word, the engine's video to the blob store. It costs
 * its speech's seconds; what was held beyond them comes back when it completes, all of it if it fails.
 */
export function talkingVideoJob(
  deps: TalkingJobDeps,
): RecordKind<TalkingJobPayload, VideoRow, VideoCompletion, WorkKind> {
  const { repo, engine, speech, inputs, credits, blobs, clock } = deps;
  return {
    ...TALKING_VIDEO_RECORDS,
    maxAttempts: deps.maxAttempts,
    clock,
    async run(_payload, row, signal) {
      const request = parseTalkingRequest(row);
      const warnings: Warning[] = [];
      // One after the other: a refused URL is named alone, and nothing is fetched for a video whose speech failed.
      const spoken = await speak(request, row, signal);
      const face = await faceOf(request);
      warnings.push(...spoken.warnings);
      let audio = spoken.audio;
      if (durationSeconds(audio) > MAX_AUDIO_SECONDS) {
        const cutTo = `the speech is ${seconds(durationSeconds(audio))} long and was cut to ${MAX_AUDIO_SECONDS} s`;
        warnings.push({ type: 'other', message: cutTo });
        audio = cut(audio, MAX_AUDIO_SECONDS);
      }
      const speechSeconds = durationSeconds(audio);
      if (face.kind === 'video') {
        const fitted = (how: string): Warning => ({
          type: 'other',
          message: `the video (${seconds(face.seconds)}) was ${how} to the speech's ${seconds(speechSeconds)}`,
        });
        if (face.seconds < speechSeconds - 0.05) warnings.push(fitted('looped'));
        else if (face.seconds > speechSeconds + 0.05) warnings.push(fitted('cut'));
      }
      let captions: { words: ReturnType<typeof estimateWordTimings>; color: string } | undefined;
      if (request.generateCaptions) {
        if (request.text) {
          captions = { words: estimateWordTimings(request.text, audibleSpan(audio)), color: request.captionColor };
          warnings.push({
            type: 'adjusted-setting',
            setting: 'captions',
            details:
              "each word's timing is estimated from where the speech is heard and the words' lengths (the speech engine gives no word timings)",
          });
        } else
          warnings.push({
            type: 'unsupported-setting',
            setting: 'generateCaptions',
            details:
              'captions are made from the text; the audio came without one, so the video has none (send text with the audio)',
          });
      }
      const result = await engine.doGenerate({
        face: face.face,
        speechWav: encodeWav(audio),
        speechSeconds,
        captions,
        resolution: request.resolution,
        avatarModel: request.avatarModel,
        abortSignal: signal,
      });
      warnings.push(...result.warnings);
      const key = `videos/${newId()}.mp4`;
      await blobs.put(key, result.video.data);
      return {
        blob_key: key,
        model: engine.modelId,
        engine: engine.provider,
        width: result.width,
        height: result.height,
        warnings: storedWarnings(warnings, row.warnings),
        updated_at: isoNow(clock),
        duration: Math.max(1, Math.ceil(speechSeconds - 0.001)),
        aspect_ratio: aspectOf(result.width, result.height),
        credits: Math.min(row.credits, talkingCredits(speechSeconds, deps.creditsPerSecond)),
      };
    },
    async complete(row, changes, trx) {
      await repo.complete(row.id, changes, trx);
      const unused = row.credits - (changes.credits ?? row.credits);
      const held = TALKING_VIDEO_RECORDS.held?.(row);
      if (held) await credits.refund({ ...held, amount: unused }, trx);
    },
  };

  async function speak(request: TalkingRequest, row: VideoRow, signal: AbortSignal) {
    if (request.audio) return { audio: await inputs.audio(request.audio), warnings: [] };
    if (!request.text || !request.voiceID)
      throw new UpstreamError('The video has neither audio nor text and a voice', { isRetryable: false });
    try {
      return await speech.speak(row.account_id, request.voiceID, request.text, signal);
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError('Speech synthesis failed', { isRetryable: false, cause: error });
    }
  }

  async function faceOf(
    request: TalkingRequest,
  ): Promise<{ face: TalkingFace; kind: 'image' } | { face: TalkingFace; kind: 'video'; seconds: number }> {
    if (request.image) return { kind: 'image', face: { kind: 'image', image: await inputs.image(request.image) } };
    if (!request.video) throw new UpstreamError('The video has neither an image nor a video', { isRetryable: false });
    const clip = await inputs.video(request.video);
    return { kind: 'video', seconds: clip.seconds, face: { kind: 'video', data: clip.data, size: clip.size } };
  }
}

/** 854x480 -> 16:9, 480x480 -> 1:1, 720x1280 -> 9:16. */
function aspectOf(width: number, height: number): string {
  if (Math.abs(width - height) < 2) return '1:1';
  return width > height ? '16:9' : '9:16';
}
