import type { GroundedAnswerTask } from '../../../spec/text-task.js';
import { extractiveAnswer } from './extractive-answer.js';

/** The builtin engine's answer from a bot's sources: extractive, citing only the sources it quotes, from [1]. */
export function groundedAnswer(task: GroundedAnswerTask): { text: string; citedSources: number[] } {
  const answer = extractiveAnswer(task.question, task.sources, { welcomeMessage: task.welcomeMessage });
  return { text: renumber(answer.text, answer.sources), citedSources: answer.sources };
}

/** The extractive answer cites passages by their place in the sources; the answer numbers only the cited ones, from 1. */
function renumber(text: string, cited: number[]): string {
  return text.replace(/\[(\d+)\]/g, (marker, n: string) => {
    const place = cited.indexOf(Number(n));
    return place === -1 ? marker : `[${place + 1}]`;
  });
}
