/**
 * A service on `dataDir` whose text model is `small-model` at `upstreamUrl` (no retries), and whose dead
 * processes are noticed and swept within a fraction of a second: for the kill -9 tests.
 */
export const crashTestEnv = (dataDir: string, upstreamUrl: string): Record<string, string> => ({
  ATELIER_DATA_DIR: dataDir,
  ATELIER_TEXT_PROVIDER: 'openai-compatible',
  ATELIER_TEXT_BASE_URL: upstreamUrl,
  ATELIER_TEXT_MODEL: 'small-model',
  ATELIER_UPSTREAM_RETRIES: '0',
  ATELIER_PROCESS_HEARTBEAT_MS: '200',
  ATELIER_RESERVATION_SWEEP_MS: '250',
});

/** What one pass of a reservation sweeper finished, as it logs it (at warn, which startService prints). */
export interface SweptReservations {
  /** Given back whole: work that left nothing. */
  released: number;
  /** Settled from the dead process's journal: work that was answered. */
  settled: number;
}

/**
 * The passes of the reservation sweeper (src/modules/credits/reservation-sweeper.ts) that finished a dead
 * process's reservations, from a service's output: which mechanism repaired a balance, and in how many passes.
 */
export function sweptReservations(output: string): SweptReservations[] {
  return output
    .split('\n')
    .filter((line) => line.includes('finished reservations of processes that died'))
    .map((line) => {
      const { released, settled } = JSON.parse(line) as SweptReservations;
      return { released, settled };
    });
}
