/** The prefix that keeps the counts of a route with a limit of its own apart, as the in-memory store's children do. */
export function routeScope(routeOptions: object): string {
  const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  const method = Array.isArray(route?.method) ? route.method.join(',') : String(route?.method ?? '');
  return `${method} ${String(route?.url ?? '')} `;
}
