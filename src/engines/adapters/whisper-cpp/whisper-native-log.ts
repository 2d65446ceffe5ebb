import type { WhisperBinding } from './whisper-binding.js';

/**
 * whisper.cpp writes some thirty lines to stderr for each model it loads, and more for each
 * transcription. While a model is loaded they go to a listener here instead, which keeps the first
 * error since it was last asked, for failure messages. The listener holds the event loop open (a
 * thread-safe function), so it is removed when the last model is released.
 */
let users = 0;
let listener: { remove(): void } | undefined;
let firstError = '';

export async function quietNativeLog(binding: WhisperBinding): Promise<void> {
  users += 1;
  if (users > 1) return;
  listener = binding.addNativeLogListener((level, text) => {
    if (level === 'error' && !firstError) firstError = text.trim();
  });
  await binding.toggleNativeLog(true);
}

export async function restoreNativeLog(binding: WhisperBinding): Promise<void> {
  users = Math.max(0, users - 1);
  if (users > 0) return;
  listener?.remove();
  listener = undefined;
  await binding.toggleNativeLog(false);
}

/** Forgets the errors seen so far. */
export function clearNativeErrors(): void {
  firstError = '';
}

/**
 * The first error whisper.cpp logged since `clearNativeErrors`, without its function-name prefix
 * ("not all tensors loaded from model file"). Lines logged on the JavaScript thread arrive through
 * the event loop: two turns of it deliver them.
 */
export async function firstNativeError(): Promise<string> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  return firstError.replace(/^\w+: /, '').replace(/^(ERROR|WARN) /, '');
}
