/** How long, as a clock and in words: shared by the derived-content prompts and the builtin engine's derivations. */

/** "[mm:ss]" style time; hours are shown when `withHours` so every line of one output has the same width. */
export function formatTimestamp(seconds: number, withHours = false): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  if (withHours || h > 0) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  return `${String(m).padStart(2, '0')}:${ss}`;
}

/** "45 seconds", "1 minute", "1 hour 5 minutes". */
export function durationPhrase(seconds: number): string {
  const unit = (n: number, name: string): string => `${n} ${name}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.round(seconds)), 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const m = minutes % 60;
  return m ? `${unit(Math.floor(minutes / 60), 'hour')} ${unit(m, 'minute')}` : unit(minutes / 60, 'hour');
}
