import { describe, expect, it } from 'vitest';
import { progressReporter } from '../src/models/progress-bar.js';

/** Records what a reporter writes, as standard error would show it. */
function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, isTTY, columns: 100, write: (text: string) => void writes.push(text) };
}

const MB = 1_000_000;

describe('progressReporter', () => {
  it('prints a plain line every 10% when standard error is not a terminal', () => {
    const out = sink(false);
    let clock = 0;
    const progress = progressReporter('qwen3-0.6b', out, () => clock);
    for (let received = 0; received <= 100 * MB; received += MB / 2) {
      progress.update({ received, total: 100 * MB, resumedFrom: 0 });
      clock += 50;
    }
    progress.finish();
    expect(out.writes).toHaveLength(11);
    expect(
      out.writes.every((line) => line.startsWith('qwen3-0.6b: ') && line.endsWith('\n') && !line.includes('\r')),
    ).toBe(true);
    expect(out.writes[0]).toContain('  0.0%  0.0/100.0 MB');
    // Half a megabyte every 50 ms: 10 MB/s, so the last 50 MB of the way take 5 s.
    expect(out.writes[5]).toBe('qwen3-0.6b:  50.0%  50.0/100.0 MB  10.0 MB/s  00:05 left\n');
    expect(out.writes[10]).toContain('100%  100.0/100.0 MB');
  });

  it('starts a resumed download at its offset and counts speed from there', () => {
    const out = sink(false);
    let clock = 0;
    const progress = progressReporter('whisper-base', out, () => clock);
    for (let received = 35 * MB; received <= 100 * MB; received += MB) {
      progress.update({ received, total: 100 * MB, resumedFrom: 35 * MB });
      clock += 100;
    }
    expect(out.writes.map((line) => line.slice(14, 20).trim())).toEqual([
      '35.0%',
      '40.0%',
      '50.0%',
      '60.0%',
      '70.0%',
      '80.0%',
      '90.0%',
      '100%',
    ]);
    expect(out.writes[1]).toContain('10.0 MB/s');
  });

  it('redraws one line in place on a terminal, at most 10 times a second', () => {
    const out = sink(true);
    let clock = 0;
    const progress = progressReporter('qwen3-0.6b', out, () => clock);
    for (let received = 0; received <= 10 * MB; received += MB / 100) {
      progress.update({ received, total: 10 * MB, resumedFrom: 0 });
      clock += 1;
    }
    progress.finish();
    const draws = out.writes.slice(0, -1);
    // 1,000 updates over one second: 10 redraws, and the last one at 100%.
    expect(draws).toHaveLength(11);
    expect(
      draws.every((text) => text.startsWith('\rqwen3-0.6b [') && text.endsWith('\u001b[K') && text.length <= 100 + 4),
    ).toBe(true);
    expect(draws.at(-1)).toContain(`[${'#'.repeat(24)}]   100%  10.0/10.0 MB`);
    expect(out.writes.at(-1)).toBe('\n');
  });
});
