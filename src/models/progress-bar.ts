import type { DownloadProgress } from './download.js';
import { monotonicMs } from '../shared/clock.js';

/** Where progress goes: standard error, or anything with `write` (and `isTTY` when it is a terminal). */
export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const REDRAW_MS = 100;
const BAR_WIDTH = 24;

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const [h, m, sec] = [Math.floor(s / 3_600), Math.floor((s % 3_600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${pad(m)}:${pad(sec)}`;
}

/**
 * A progress reporter for a download: on a terminal one line redrawn in place (at most 10 times a second)
 * with a bar, percent, megabytes, speed and time left; elsewhere (a log, a pipe) a plain line every 10%.
 */
export function progressReporter(label: string, sink: ProgressSink, now: () => number = monotonicMs) {
  let startedAt: number | undefined;
  let startBytes = 0;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = -1;
  let drawn = false;

  function line(p: DownloadProgress, t: number): string {
    const fraction = p.total > 0 ? Math.min(1, p.received / p.total) : 0;
    const elapsed = (t - (startedAt ?? t)) / 1_000;
    const speed = elapsed > 0 ? (p.received - startBytes) / elapsed : 0;
    const eta = speed > 0 ? (p.total - p.received) / speed : Number.POSITIVE_INFINITY;
    const percent = `${(fraction * 100).toFixed(fraction < 1 ? 1 : 0)}%`.padStart(6);
    return `${percent}  ${mb(p.received)}/${mb(p.total)} MB  ${mb(speed)} MB/s  ${duration(eta)} left`;
  }

  return {
    update(p: DownloadProgress): void {
      const t = now();
      // Each attempt starts counting afresh: resumed bytes were not fetched at this speed.
      if (startedAt === undefined || p.received === p.resumedFrom) {
        startedAt = t;
        startBytes = p.received;
      }
      const complete = p.received >= p.total;
      if (sink.isTTY) {
        if (!complete && t - lastDraw < REDRAW_MS) return;
        lastDraw = t;
        const filled = Math.round((p.total > 0 ? p.received / p.total : 0) * BAR_WIDTH);
        const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
        const text = `${label} ${bar} ${line(p, t)}`;
        sink.write(`\r${text.slice(0, Math.max(20, (sink.columns || 120) - 1))}\u001b[K`);
        drawn = true;
        return;
      }
      const tenth = Math.floor((p.total > 0 ? p.received / p.total : 0) * 10);
      if (tenth <= lastTenth) return;
      // A resumed download starts past 0%: its first line says where it starts, then every 10%.
      lastTenth = tenth;
      sink.write(`${label}: ${line(p, t)}\n`);
    },
    /** Ends the redrawn line so that what follows starts on its own. */
    finish(): void {
      if (drawn) sink.write('\n');
      drawn = false;
    },
  };
}
