export const RATE: number;
export const SENTENCES: string[];
export type Truth = { start: number; end: number; voice: string };
export type Turn = { start: number; end: number; speaker: number };
export function utterance(voice: string, i: number, cache?: Map<string, Buffer>): Buffer;
export function conversation(options: {
  voices: string[];
  turns?: number;
  pauseSeconds?: number;
  seed?: number;
  cache?: Map<string, Buffer>;
}): { audio: { pcm: Buffer; sampleRate: number }; truth: Truth[] };
export function speakerErrorRate(truth: Truth[], turns: Turn[]): number;
export function changes(turns: (Truth | Turn)[], key: 'voice' | 'speaker'): number[];
export function boundaryError(
  truth: Truth[],
  turns: Turn[],
  tolerance?: number,
): { changes: number; missed: number; falseChanges: number; meanSeconds: number };
