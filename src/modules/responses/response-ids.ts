import { randomUUID } from 'node:crypto';

/** An id as OpenAI's look: a prefix for the kind (`resp`, `msg`, `fc`...) and random hex. */
export const newItemId = (prefix: string): string => `${prefix}_${randomUUID().replaceAll('-', '')}`;
