/** What a talking video was asked with, as its record keeps it, and what it costs. */
import { z } from 'zod';
import { AVATAR_MODELS, TALKING_RESOLUTIONS } from '../../engines/spec/talking-video-model.js';
import { UpstreamError } from '../../shared/errors.js';
import type { VideoRow } from '../../storage/db/schema.js';
import { countWords } from '../speech/speech-text.js';
import { MAX_AUDIO_SECONDS } from './talking-inputs.js';

/** The caption highlight when none is asked: a warm yellow. */
export const DEFAULT_CAPTION_COLOR = '#FFD700';

/** The `talking` column: the fields a video record has no column for. */
export const talkingColumn = z.object({
  video: z.string().optional(),
  audio: z.string().optional(),
  voiceID: z.string().optional(),
  avatarModel: z.enum(AVATAR_MODELS).optional(),
  generateCaptions: z.boolean(),
  captionColor: z.string(),
});
export type TalkingColumn = z.infer<typeof talkingColumn>;

export interface TalkingRequest extends TalkingColumn {
  /** The text to speak (and to caption); empty when only audio was given. */
  text: string;
  image?: string | undefined;
  resolution: (typeof TALKING_RESOLUTIONS)[number];
}

export function parseTalkingRequest(row: VideoRow): TalkingRequest {
  const parsed = talkingColumn.safeParse(JSON.parse(row.talking ?? 'null'));
  const resolution = TALKING_RESOLUTIONS.find((r) => r === row.resolution);
  if (!parsed.success || !resolution)
    throw new UpstreamError(`Video ${row.id} is not a talking video that can be made`, { isRetryable: false });
  return { ...parsed.data, text: row.prompt, ...(row.image_url && { image: row.image_url }), resolution };
}

/** Whole seconds of speech, at least one, times the price. */
export const talkingCredits = (seconds: number, perSecond: number) =>
  Math.max(1, Math.ceil(seconds - 0.001)) * perSecond;

/** Seconds a text could take to speak at most: a slow 80 words a minute, plus a little silence. */
export const ceilingSeconds = (text: string) => Math.min(MAX_AUDIO_SECONDS, Math.ceil(countWords(text) * 0.75) + 3);

/**
 * What is held when a talking video is asked for: the most its speech could last (its text spoken slowly;
 * five minutes for an audio file, whose length is known only once it is fetched). The unused part comes back.
 */
export const creditsToHold = (input: { text?: string | undefined; audio?: string | undefined }, perSecond: number) =>
  talkingCredits(input.audio ? MAX_AUDIO_SECONDS : ceilingSeconds(input.text ?? ''), perSecond);
