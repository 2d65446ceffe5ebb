import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.js';

const BOUNDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

describe('RequestDurations', () => {
  it("writes what prom-client's Histogram writes for the same observations", async () => {
    const registry = new Registry();
    const reference = new Histogram({
      name: 'atelier_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status class: _count is the request count',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: BOUNDS,
      registers: [registry],
    });
    const durations = new RequestDurations(
      'atelier_http_request_duration_seconds',
      'HTTP requests by route pattern, method and status class: _count is the request count',
      BOUNDS,
    );
    expect(`${durations.render()}\n`).toBe(await registry.metrics());

    const observations: [string, string, string, number][] = [
      ['/api/presets', 'GET', '2xx', 0.0004],
      ['/api/get-image', 'GET', '2xx', 0.001],
      ['/api/presets', 'GET', '2xx', 0.0123],
      ['/api/presets', 'GET', '4xx', 61],
      ['unmatched', 'GET', '4xx', 0.002],
      ['/odd/"quoted"\\path\nline', 'POST', '5xx', 2.5],
      ['/api/presets', 'GET', '2xx', 0.7],
      ['/api/get-image', 'HEAD', '2xx', 60],
    ];
    for (const [route, method, statusClass, seconds] of observations) {
      reference.labels({ route, method, status_class: statusClass }).observe(seconds);
      durations.observe(route, method, statusClass, seconds);
    }
    expect(`${durations.render()}\n`).toBe(await registry.metrics());
  });
});
