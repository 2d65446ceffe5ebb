import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  /** The route's pattern, e.g. `/api/bots/:id/keys/:keyId`. */
  path: string;
}

/**
 * Every route the app serves, one entry a method, read from Fastify's own router (`printRoutes`, the one public
 * listing of it): a route added anywhere, by any plugin, is in it. Each entry is checked back with `hasRoute`, so a
 * misread line fails here rather than leaving a route out unseen (but wildcards, see below).
 */
export function routeTable(server: FastifyInstance): RouteEntry[] {
  const lines = server.printRoutes({ commonPrefix: false }).split('\n').filter(Boolean);
  const prefixes: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of lines) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`unreadable line of printRoutes: ${line}`);
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + segment;
    prefixes[depth] = path;
    for (const method of methods?.split(', ') ?? []) routes.push({ method: method as HTTPMethods, path });
  }
  // A wildcard (`/dashboard/*`) may be a scope's not-found handler, which the router holds but `hasRoute` does not know.
  for (const route of routes)
    if (!route.path.endsWith('*') && !server.hasRoute({ method: route.method, url: route.path }))
      throw new Error(`printRoutes read as ${route.method} ${route.path}, which the router does not have`);
  return routes;
}
