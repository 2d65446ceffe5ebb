import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './lazy-logger.js';

function logger(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const parent = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { parent, lines };
}

describe('lazyChildLogger', () => {
  it('makes the child logger only when the request logs, with its bindings', () => {
    const { parent, lines } = logger();
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    expect(child).not.toHaveBeenCalled();

    log.debug('not at this level');
    log.warn({ code: 'x' }, 'something %s', 'odd');
    log.error('and worse');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map(({ reqId, level, msg, code }) => ({ reqId, level, msg, code }))).toEqual([
      { reqId: 'r-1', level: 40, msg: 'something odd', code: 'x' },
      { reqId: 'r-1', level: 50, msg: 'and worse', code: undefined },
    ]);
  });

  it("takes a route's own level, and passes level changes and grandchildren to the real child", () => {
    const { parent, lines } = logger('warn');
    const log = lazyChildLogger(parent, { reqId: 'r-2' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    log.debug('seen');
    log.level = 'error';
    log.warn('not seen');
    log.child({ part: 'inner' }).error('inner');
    expect(lines.map(({ reqId, part, msg }) => ({ reqId, part, msg }))).toEqual([
      { reqId: 'r-2', part: undefined, msg: 'seen' },
      { reqId: 'r-2', part: 'inner', msg: 'inner' },
    ]);
  });
});
