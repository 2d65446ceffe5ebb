import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { OperationModules } from '../operations/catalogue.js';
import type { FrontDoorServices } from '../services.js';
import type { Clock } from '../shared/clock.js';

/** The services the dashboard's pages use. */
export type DashboardServices = FrontDoorServices;

export interface DashboardDeps {
  config: Config;
  services: DashboardServices;
  /** The API's operations, which the pages' plain forms call as any client does (see dashboard-operations.ts). */
  operations: OperationModules;
  /** The services' clock: what "now" is on the pages. */
  clock: Clock;
}

/** A group of dashboard pages; each file under pages/ exports one. */
export type DashboardPages = (scope: FastifyInstance, deps: DashboardDeps) => void | Promise<void>;
