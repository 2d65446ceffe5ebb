import { acceptsInKernel } from './accept-policy.js';
import { isClusterMessage } from './cluster-message.js';
import cluster, { type Worker as ClusterProcess } from 'node:cluster';
import type { Config } from '../config.js';
import { firstRunHint } from '../first-run-hint.js';
import { isPeerEnvelope } from './peers.js';
import { RateWindows, type RateReplyMessage, isRateHit } from './rate-windows.js';
import { monotonicMs } from '../shared/clock.js';

/** Said by a process of the cluster once it serves (or, for the worker, runs jobs). */
export interface ReadyMessage {
  atelier: 'ready';
}
export function isReady(message: unknown): message is ReadyMessage {
  return isClusterMessage<ReadyMessage>(message, 'ready');
}

type ChildRole = 'api' | 'worker';

/** More unexpected exits than this in a minute: something is wrong that a restart does not mend. */
const MAX_RESTARTS_A_MINUTE = 10;

/**
 * The primary of `atelier serve` with ATELIER_API_PROCESSES > 1: it serves nothing itself. It starts the HTTP
 * processes (role api, one port shared through node:cluster) and, for role all, one worker process for the
 * jobs, so that a long job never holds a request; relays what the processes tell each other (peers.ts);
 * keeps the rate-limit counters all of them share; starts a process again when one dies; and on SIGTERM
 * or SIGINT stops them all, each with its grace period.
 */
export function superviseCluster(config: Config, roleEnv: string): Promise<never> {
  cluster.schedulingPolicy = acceptsInKernel(config) ? cluster.SCHED_NONE : cluster.SCHED_RR;
  const roles: ChildRole[] = Array.from({ length: config.apiProcesses }, () => 'api');
  if (config.role === 'all' && config.jobs.enabled) roles.push('worker');
  const windows = new RateWindows();
  const roleOf = new Map<ClusterProcess, ChildRole>();
  const ready = new Set<ClusterProcess>();
  const restarts: number[] = [];
  let announced = false;
  let stopping = false;

  return new Promise<never>(() => {
    const stopAll = (exitCode: number) => {
      if (stopping) return;
      stopping = true;
      const alive = [...roleOf.keys()].filter((child) => !child.isDead());
      if (alive.length === 0) process.exit(exitCode);
      for (const child of alive) child.process.kill('SIGTERM');
      let left = alive.length;
      for (const child of alive) {
        child.once('exit', () => {
          left -= 1;
          if (left === 0) process.exit(exitCode);
        });
      }
      setTimeout(() => {
        console.error('[atelier] processes did not stop in time: killing them');
        for (const child of alive) if (!child.isDead()) child.process.kill('SIGKILL');
        process.exit(1);
      }, config.shutdownGraceMs + 15_000).unref();
    };

    const start = (role: ChildRole) => {
      // The role is the primary's to give, whatever ATELIER_ROLE or --role (which each process reads again) said.
      const child = cluster.fork({ [roleEnv]: role });
      roleOf.set(child, role);
      child.on('message', (message: unknown) => {
        if (isRateHit(message)) {
          const { current, ttl } = windows.hit(message.key, message.windowMs, monotonicMs());
          const reply: RateReplyMessage = { atelier: 'rate-reply', id: message.id, current, ttl };
          if (child.isConnected()) child.send(reply);
        } else if (isPeerEnvelope(message)) {
          for (const other of roleOf.keys()) if (other !== child && other.isConnected()) other.send(message);
        } else if (isReady(message)) {
          ready.add(child);
          if (!announced && ready.size === roles.length) {
            announced = true;
            announce(config, roles);
          }
        }
      });
      child.once('exit', (code, signal) => {
        roleOf.delete(child);
        const wasReady = ready.delete(child);
        if (stopping) return;
        // One that never came up (a port in use, a database that cannot be opened) would fail again.
        if (!wasReady) {
          console.error(`[atelier] ${article(role)} process could not start (exit ${signal ?? code}): stopping`);
          return stopAll(1);
        }
        const now = monotonicMs();
        restarts.push(now);
        while (restarts.length > 0 && (restarts[0] ?? now) < now - 60_000) restarts.shift();
        if (restarts.length > MAX_RESTARTS_A_MINUTE) {
          console.error(`[atelier] ${restarts.length} processes died within a minute: stopping`);
          return stopAll(1);
        }
        console.error(
          `[atelier] ${article(role)} process (pid ${child.process.pid}) died (${signal ?? `exit ${code}`}): starting another`,
        );
        start(role);
      });
    };

    for (const role of roles) start(role);
    setInterval(() => windows.sweep(monotonicMs()), 60_000).unref();
    // A second Ctrl-C goes to the processes too (the terminal signals the whole group): they stop at once.
    process.once('SIGINT', () => stopAll(0));
    process.on('SIGTERM', () => stopAll(0));
  });
}

function announce(config: Config, roles: ChildRole[]): void {
  const api = roles.filter((role) => role === 'api').length;
  const worker = roles.includes('worker')
    ? ' and a worker process for the jobs'
    : ' [role api: jobs run in worker processes]';
  console.log(
    `Atelier is listening on ${config.publicUrl} (API docs: ${config.publicUrl}/docs) [${api} HTTP processes${worker}]`,
  );
  if (config.bots.port !== undefined) console.log(`Bots answer on ${config.bots.publicUrl}/bot/<public_url>/api`);
  // The text provider the processes started with: the primary loads no engine itself.
  const hint = firstRunHint(config, config.text.provider);
  if (hint) console.log(hint);
}

function article(role: ChildRole): string {
  return role === 'api' ? 'an api' : 'a worker';
}
