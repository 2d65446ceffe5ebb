import { EngineUnavailableError, UpstreamError } from '../../../shared/errors.js';
import { compiledModuleUrl } from '../../../shared/untrusted/compiled-module-url.js';
import { WorkerPool, WorkerTaskError } from '../../../shared/untrusted/worker-pool.js';
import { encodeExactMp3 } from '../../audio/mp3.js';
import type { SoundCallOptions, SoundModel, SoundResult } from '../../spec/sound-model.js';
import type { SynthesisReply } from './sound-worker.js';
import type { SoundRequest } from './synthesize.js';
import { proceduralSoundEnv } from './settings.js';

export interface ProceduralSoundConfig {
  lamePath: string;
  bitrateKbps: number;
  /** For one synthesis on its worker, and again for its MP3 encoding. */
  timeoutMs: number;
  /** Where lame writes its file (this process's temporary folder). */
  workDir: string;
  /** Syntheses at once, each on a worker thread. */
  workers: number;
}

/**
 * The offline sound engine: layered synthesis (noise colours, filters, envelopes, oscillators, scattered
 * grains) chosen from the prompt's words, made on worker threads so a 22 s sound never holds up the event
 * loop, and encoded to MP3 with lame as text-to-speech is.
 */
export class ProceduralSoundModel implements SoundModel {
  readonly provider = proceduralSoundEnv.name;
  private readonly pool: WorkerPool<SoundRequest, SynthesisReply>;

  constructor(private readonly config: ProceduralSoundConfig) {
    this.pool = new WorkerPool({
      script: compiledModuleUrl('engines/adapters/procedural-sound/sound-worker.js'),
      workers: config.workers,
      queue: 32,
      timeoutMs: config.timeoutMs,
      memoryMb: 128,
    });
  }

  async doGenerate(options: SoundCallOptions): Promise<SoundResult> {
    let reply: SynthesisReply;
    try {
      reply = await this.pool.run(
        {
          prompt: options.prompt,
          durationSeconds: options.durationSeconds,
          promptInfluence: options.promptInfluence,
        },
        options.abortSignal,
      );
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error;
      // Too many sounds waiting, or the service closing: a 503, not the engine's fault.
      if (error.reason === 'busy' || error.reason === 'closed')
        throw new EngineUnavailableError(`the procedural sound engine is busy: ${error.message}`);
      throw new UpstreamError(`the procedural sound engine failed: ${error.message}`, { isRetryable: false });
    }
    const pcm = Buffer.from(reply.pcm.buffer, reply.pcm.byteOffset, reply.pcm.byteLength);
    const mp3 = await encodeExactMp3(
      { pcm, sampleRate: reply.sampleRate },
      {
        lamePath: this.config.lamePath,
        bitrateKbps: this.config.bitrateKbps,
        volume: 1,
        timeoutMs: this.config.timeoutMs,
        workDir: this.config.workDir,
      },
    );
    return {
      audio: { data: mp3, mediaType: 'audio/mpeg' },
      durationSeconds: pcm.length / 2 / reply.sampleRate,
      warnings: reply.warnings,
    };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
