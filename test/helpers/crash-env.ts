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
