import type { TextTask } from '../../spec/text-task.js';
import { deriveBuiltin } from './derived/derive-builtin.js';
import { groundedAnswer } from './grounded/grounded-answer.js';
import { presetComposition } from './preset-composition.js';
import { styleProfile } from './style-profile.js';

/** The builtin engine's text for a task, and for a grounded answer the sources it cites (TextResult.citedSources). */
export interface TaskAnswer {
  text: string;
  citedSources?: number[];
}

export type TaskComposer = (task: TextTask) => TaskAnswer;

/** Composed offline, deterministic: the preset's own compositions, the transcript's analysis, the sources' sentences, the samples' measured style. */
export function answerTask(task: TextTask): TaskAnswer {
  switch (task.kind) {
    case 'preset-output':
      return { text: presetComposition(task) };
    case 'derived-field':
      return { text: deriveBuiltin(task.field, task.transcript) };
    case 'grounded-answer':
      return groundedAnswer(task);
    case 'style-profile':
      return { text: styleProfile(task.samples) };
  }
}
