import { newHexId } from '../../shared/ids.js';

/** An id as OpenAI's look: a prefix for the kind (`resp`, `msg`, `fc`...) and random hex. */
export const newItemId = (prefix: string): string => `${prefix}_${newHexId()}`;
