import type { Config } from '../config.js';

/**
 * Whether each HTTP process accepts its own connections from the shared port (node:cluster's SCHED_NONE) rather than
 * the primary accepting them and handing them round (SCHED_RR). Measured here (2 cores, 1,000 bot streams opened at
 * once): with round robin the primary hands a process one connection and waits for its answer before handing it the
 * next, so a burst queues in the primary while the processes are busy; the first words came +575 to +742 ms after the
 * upstream's (median), against +292 to +419 ms when each process accepts its own. The kernel's spread was even for
 * two processes (7 and 9 of 16 connections, 491 and 509 of 1,000) but not for eight (16 connections on three of
 * them), which round robin never does: `auto` takes the kernel for up to two processes only.
 */
export function acceptsInKernel(config: Pick<Config, 'clusterAccept' | 'apiProcesses'>): boolean {
  return config.clusterAccept === 'auto' ? config.apiProcesses <= 2 : config.clusterAccept === 'kernel';
}
