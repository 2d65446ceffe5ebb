import { describe, expect, it } from 'vitest';
import { addMonths, periodContaining } from './billing-period.js';

const d = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it('adds calendar months, clamping the day', () => {
    expect(addMonths(d('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(d('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(d('2026-11-15T00:00:00Z'), 2).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('finds the monthly period that contains now, counted from the anchor', () => {
    const anchor = d('2026-01-31T12:00:00Z');
    expect(periodContaining(anchor, d('2026-02-10T00:00:00Z'))).toEqual({
      start: anchor,
      end: d('2026-02-28T12:00:00Z'),
    });
    expect(periodContaining(anchor, d('2026-03-30T00:00:00Z'))).toEqual({
      start: d('2026-02-28T12:00:00Z'),
      end: d('2026-03-31T12:00:00Z'),
    });
    expect(periodContaining(anchor, d('2026-03-31T12:00:00Z'))).toEqual({
      start: d('2026-03-31T12:00:00Z'),
      end: d('2026-04-30T12:00:00Z'),
    });
    expect(periodContaining(anchor, d('2029-06-01T00:00:00Z')).start.toISOString()).toBe('2029-05-31T12:00:00.000Z');
  });
});
