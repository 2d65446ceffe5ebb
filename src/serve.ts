import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, buildApp } from './app.js';
import type { Config } from './config.js';

/** Starts the whole service: database, first-start admin account, HTTP server, clean shutdown on signals. */
export async function serve(config: Config): Promise<App> {
  const app = await buildApp(config);
  const admin = await app.services.accounts.ensureAdmin();
  if (admin) announceAdminKey(config, admin.api_key);

  await app.server.listen({ host: config.host, port: config.port });
  if (app.botServer) await app.botServer.listen({ host: config.host, port: config.bots.port });
  if (config.jobs.enabled) app.services.worker.start();
  console.log(`Atelier is listening on ${config.publicUrl} (API docs: ${config.publicUrl}/docs)`);
  if (app.botServer) console.log(`Bots answer on ${config.bots.publicUrl}/bot/<public_url>/api`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.server.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return app;
}

/** Shown once on the first start; also kept in a file only the owner can read. */
function announceAdminKey(config: Config, apiKey: string): void {
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'admin-key');
  writeFileSync(file, `${apiKey}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.log(
    [
      '',
      `Created the admin account ${config.adminEmail} on the top plan.`,
      `Its API key (shown once, also saved to ${file}):`,
      '',
      `  ${apiKey}`,
      '',
      `Try: curl -H "x-api-key: ${apiKey}" ${config.publicUrl}/api/presets`,
      '',
    ].join('\n'),
  );
}
