import type { SoundModel } from '../../engines/spec/sound-model.js';
import { type Outcome, engineFailure, fail, ok } from '../../shared/errors.js';
import { newId, newOrderedId } from '../../shared/ids.js';
import type { BlobStore } from '../../storage/blob/blob-store.js';
import type { Db } from '../../storage/db/database.js';
import type { Caller } from '../accounts/accounts.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import { countWords } from '../speech/speech-text.js';
import { warningTexts } from '../../engines/spec/warning-text.js';

/** The hosted reference's bounds (ElevenLabs' own): 0.5 to 22 s, 5 by default; influence 0..1, 0.3 by default. */
export const SOUND_LIMITS = {
  minSeconds: 0.5,
  maxSeconds: 22,
  defaultSeconds: 5,
  defaultInfluence: 0.3,
  /** Our choice: a description, not a script (ElevenLabs takes about this much too). */
  maxPromptCharacters: 500,
} as const;

export interface SoundRequest {
  prompt: string;
  durationSeconds: number;
  promptInfluence: number;
}

export interface SoundEffect {
  /** The hosted reference's fields. */
  url: string;
  text: string;
  /** Whole seconds, as the reference gives them (0.5 s reads 1); duration_seconds is exact. */
  seconds: number;
  status: 'completed';
  /** Ours besides. */
  uuid: string;
  duration_seconds: number;
  /** Words of the prompt counted against the plan's monthly text-to-speech words. */
  used_characters: number;
  engine: string;
  warnings: string[];
}

export interface SoundsServiceOptions {
  db: Db;
  engine: SoundModel;
  credits: CreditsService;
  blobs: BlobStore;
}

/**
 * Sound effects, made while the caller waits (as in the hosted reference). The prompt's words are held
 * against the plan's monthly speech words before the engine runs, kept when the MP3 is stored, and given
 * back if anything fails.
 */
export class SoundsService {
  constructor(private readonly deps: SoundsServiceOptions) {}

  async generate(caller: Caller, request: SoundRequest, signal?: AbortSignal): Promise<Outcome<SoundEffect>> {
    const prompt = request.prompt.trim();
    const words = countWords(prompt);
    if (words === 0) return fail('invalid_input', 'prompt must describe the sound in at least one word');

    const uuid = newId();
    const held = { id: newOrderedId(), accountId: caller.account.id, amount: words, reference: uuid };
    const reserved = await this.deps.credits.reserveWords(held, caller.plan, 'sound');
    if (!reserved.ok) return reserved;
    try {
      const sound = await this.deps.engine.doGenerate({
        prompt,
        durationSeconds: request.durationSeconds,
        promptInfluence: request.promptInfluence,
        abortSignal: signal,
      });
      const blobKey = `sounds/${uuid}.mp3`;
      await this.deps.blobs.put(blobKey, sound.audio.data);
      await this.deps.db.transaction().execute((trx) => this.deps.credits.settleWordsIn(trx, held));
      const exact = Math.round(sound.durationSeconds * 1000) / 1000;
      return ok({
        url: this.deps.blobs.publicUrl(blobKey),
        text: prompt,
        seconds: Math.max(1, Math.round(exact)),
        status: 'completed',
        uuid,
        duration_seconds: exact,
        used_characters: words,
        engine: this.deps.engine.provider,
        warnings: warningTexts(sound.warnings),
      });
    } catch (error) {
      await this.deps.credits.release(held);
      const provider = this.deps.engine.provider;
      return engineFailure(error, `Sound generation failed (${provider})`, `Sound engine ${provider} is not available`);
    }
  }

  close(): Promise<void> {
    return this.deps.engine.close?.() ?? Promise.resolve();
  }
}
