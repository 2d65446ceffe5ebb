import cluster from 'node:cluster';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from './app.js';
import { clusterPeers } from './cluster/peers.js';
import type { ReadyMessage } from './cluster/supervisor.js';
import type { Config } from './config.js';
import { firstRunHint } from './first-run-hint.js';
import { guardStandardStreams } from './shared/log-destination.js';

/** Set by the cluster's primary in the environment of the processes it starts (src/cluster/supervisor.ts). */
const CLUSTER_ROLE_ENV = 'ATELIER_CLUSTER_ROLE';

/**
 * Starts the service in its role (ATELIER_ROLE / --role): `all` serves HTTP and runs jobs, `api` only
 * serves HTTP, `worker` only runs jobs (its /ready and /metrics on 127.0.0.1 when a port is set).
 * SIGTERM or SIGINT: no new requests or jobs, running jobs get the grace period, then the leases of
 * those still running are given back and the database is closed.
 */
export async function serve(config: Config): Promise<App> {
  // A console that cannot be written (a full disk, a closed pipe) must not end the process: every role, the primary too.
  guardStandardStreams();
  if (cluster.isPrimary && config.role !== 'worker' && config.apiProcesses > 1) {
    const { superviseCluster } = await import('./cluster/supervisor.js');
    return superviseCluster(config, CLUSTER_ROLE_ENV);
  }
  return serveOne(cluster.isWorker ? { ...config, role: clusterRole() } : config);
}

function clusterRole(): 'api' | 'worker' {
  const role = process.env[CLUSTER_ROLE_ENV];
  if (role !== 'api' && role !== 'worker')
    throw new Error(`${CLUSTER_ROLE_ENV} is ${role}: the cluster's primary sets api or worker`);
  return role;
}

/**
 * Connections the kernel keeps waiting for accept while the process is busy. Node's default, 511, overflowed when
 * 1,000 bot visitors connected at once: each connection dropped came back only after TCP's 1 s retry. Linux caps
 * it at net.core.somaxconn (4,096 by default since 5.4).
 */
const LISTEN_BACKLOG = 4_096;

/** One process in its role: on its own, or one of a cluster's (which share rate limits and tell each other news). */
async function serveOne(config: Config): Promise<App> {
  const { buildApp } = await import('./app.js');
  const inCluster = cluster.isWorker;
  const app = await buildApp(config, inCluster ? { peers: clusterPeers(), clusterRateLimits: true } : {});
  const serving = config.role !== 'worker';
  // Text is generated where requests are served; a worker process loads a model only if a job asks for one.
  if (serving) warmUpLocalModels(app);
  const working = config.role !== 'api' && config.jobs.enabled;
  // Transcriptions run where jobs do. whisper.cpp loads a model synchronously (seconds for the larger
  // ones), so it happens now rather than while the first job's heartbeat is due.
  if (working) void app.services.asrModels.warmUp();
  if (serving) {
    const admin = await app.services.accounts.ensureAdmin();
    if (admin) announceAdminKey(config, admin.api_key);
    await app.server.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
    if (app.botServer)
      await app.botServer.listen({ host: config.host, port: config.bots.port, backlog: LISTEN_BACKLOG });
  }
  if (app.operationsServer) await app.operationsServer.listen({ host: '127.0.0.1', port: config.workerMetricsPort });
  if (working) app.services.worker.start();

  if (inCluster) {
    // The primary says it once for all of them.
    const ready: ReadyMessage = { atelier: 'ready' };
    process.send?.(ready);
  } else if (serving) {
    const note = config.role === 'api' ? ' [role api: jobs run in worker processes]' : '';
    console.log(`Atelier is listening on ${config.publicUrl} (API docs: ${config.publicUrl}/docs)${note}`);
    if (app.botServer) console.log(`Bots answer on ${config.bots.publicUrl}/bot/<public_url>/api`);
    const hint = firstRunHint(config, app.services.textModels.provider);
    if (hint) console.log(hint);
  } else {
    console.log(
      `Atelier worker ${app.services.worker.id} is running, up to ${config.jobs.concurrency} jobs at once [role worker: no public port]`,
    );
    if (app.operationsServer)
      console.log(`Worker health on http://127.0.0.1:${config.workerMetricsPort}/ready and /metrics`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const log = app.server.log;
    log.info({ signal, role: config.role, graceMs: config.shutdownGraceMs }, 'shutting down: no new requests or jobs');
    // A request or a job that ignores its abort must not keep the process from ever stopping.
    setTimeout(() => {
      log.error({ signal }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000).unref();
    app.close(config.shutdownGraceMs).then(
      () => {
        log.info({ signal }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // A second Ctrl-C stops at once (Node's default); repeated SIGTERMs from a supervisor change nothing.
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // A cluster's process whose primary is gone (killed) gets no more connections: it stops rather than linger.
  if (inCluster) process.once('disconnect', () => shutdown('primary gone'));
  return app;
}

/** Local models load in the background from the start: /ready reports them loading, a request waits for them. */
function warmUpLocalModels(app: App): void {
  const local = app.services.textModels.local;
  if (!local) return;
  void local.warmUp().then(() => {
    for (const part of local.status()) {
      if (part.ok) app.server.log.info({ model: part.text }, 'text model loaded');
      else app.server.log.error({ model: part.text }, 'text model could not be loaded');
    }
  });
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
