import { serveTasks } from '../../../shared/untrusted/serve-tasks.js';
import { type SoundRequest, synthesize, toPcm16 } from './synthesize.js';
import type { Warning } from '../../spec/warnings.js';

/** What comes back from the worker thread: the samples as 16-bit PCM, and what the mix is made of. */
export interface SynthesisReply {
  pcm: Uint8Array;
  sampleRate: number;
  families: string[];
  warnings: Warning[];
}

// Our own bounded code, not untrusted parsing, and a caller waits for it: the normal priority.
serveTasks<SoundRequest, SynthesisReply>(
  (request) => {
    const sound = synthesize(request);
    return {
      pcm: toPcm16(sound.samples),
      sampleRate: sound.sampleRate,
      families: sound.families,
      warnings: sound.warnings,
    };
  },
  { lowerPriority: false },
);
