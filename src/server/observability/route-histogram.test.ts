import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteHistogram } from './route-histogram';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

describe('RouteHistogram', () => {
  it("reads on /metrics exactly as prom-client's Histogram with the same observations", async () => {
    const reference = new Registry();
    const ours = new Registry();
    const histogram = new Histogram({
      name: 'http_seconds',
      help: 'Answers "by route"',
      labelNames: ['method', 'route', 'status_code'],
      buckets: BUCKETS,
      registers: [reference],
    });
    const fast = new RouteHistogram('http_seconds', 'Answers "by route"', BUCKETS, ours);
    const routes = ['/api/events/:id', 'unmatched', '/a "quoted" \\ route'];
    // On a bound, between bounds, above every bound.
    const seconds = [0.005, 0.0051, 0.3, 10, 10.5, 0.0001, 2.5];
    for (let i = 0; i < 60; i++) {
      const method = i % 2 ? 'POST' : 'GET';
      const route = routes[i % 3]!;
      const status = [200, 404, 500][i % 3]!;
      const value = seconds[i % seconds.length]!;
      histogram.observe({ method, route, status_code: status }, value);
      fast.observe(method, route, status, value);
    }
    expect(await ours.metrics()).toBe(await reference.metrics());
    fast.reset();
    histogram.reset();
    expect(await ours.metrics()).toBe(await reference.metrics());
  });
});
