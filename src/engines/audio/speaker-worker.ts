import { serveTasks } from '../../shared/untrusted/serve-tasks.js';
import { type SpeakerTurns, speakerTurns } from './speaker-turns.js';

/** What the transcription job sends: the recording's 16-bit mono PCM. */
export interface SpeakerTurnsRequest {
  pcm: Uint8Array;
  sampleRate: number;
}

// Seconds of CPU per hour of audio: off the event loop, at a lower priority than the service's requests.
serveTasks<SpeakerTurnsRequest, SpeakerTurns>(({ pcm, sampleRate }) =>
  speakerTurns({ pcm: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), sampleRate }),
);
