import type { TextResult, TextStreamPart } from '../../engines/spec/text-model.js';
import type { ChatUsage } from './chat.schemas.js';

/** Who answered: the completion's id, the engine's model id and its provider. */
export interface ChatServed {
  id: string;
  modelId: string;
  provider: string;
  /** Answered without a language model (the offline engine). */
  offline: boolean;
}

/** The engine's answers, one per choice, and what they cost. */
export interface ChatGeneration extends ChatServed {
  results: TextResult[];
  usage: ChatUsage;
}

/** The engine's answers as they come, each part tagged with its choice; the bill is settled when `parts` ends. */
export interface ChatPartStream extends ChatServed {
  n: number;
  parts: AsyncGenerator<{ index: number; part: TextStreamPart }>;
  /** What was used so far: complete once `parts` has ended. */
  usage(): ChatUsage;
}
