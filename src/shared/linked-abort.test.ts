import { describe, expect, it } from 'vitest';
import { linkedAbortController } from './linked-abort.js';

describe('linkedAbortController', () => {
  it('aborts with the signal, giving its reason, and on its own without touching the signal', () => {
    const outer = new AbortController();
    const linked = linkedAbortController(outer.signal);
    expect(linked.signal.aborted).toBe(false);
    const reason = new Error('the client went away');
    outer.abort(reason);
    expect(linked.signal.reason).toBe(reason);

    const other = new AbortController();
    const own = linkedAbortController(other.signal);
    own.abort();
    expect([own.signal.aborted, other.signal.aborted]).toEqual([true, false]);
  });

  it('is aborted at once when the signal already is, and is a plain controller without one', () => {
    const gone = AbortSignal.abort('gone');
    expect(linkedAbortController(gone).signal.reason).toBe('gone');
    expect(linkedAbortController(undefined).signal.aborted).toBe(false);
  });
});
