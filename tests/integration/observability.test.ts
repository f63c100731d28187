import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { liveEvent, placeOrder } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const { buildApp } = await import('../../src/server/app');
  const { testConfig } = await import('../support/test-app');
  app = await buildApp(testConfig({ now: clock.now, logLevel: 'info' }), {
    database,
    serveClient: false,
    logStream: { write: (line) => void logLines.push(JSON.parse(line)) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** One sample's value from the text format, by its name and labels as printed. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('gives Prometheus the orders by state, the HTTP latencies by route, the reconciler runs and the outbox', async () => {
    const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: 1000 });
    const diner = new Agent(app);
    await placeOrder(diner, event.id, taco.id, 1);
    // The capture, then the mails it wrote (the diner's receipt) on the next pass.
    await app.ctx.reconciler.runOnce();
    await app.ctx.reconciler.runOnce();

    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The goal was one taco: the order was held, the goal reached, then it was captured.
    expect(sample(text, 'foodtruck_orders{status="charged"}')).toBe(1);
    expect(sample(text, 'foodtruck_orders{status="pending"}')).toBe(0);
    expect(sample(text, 'foodtruck_capture_backlog')).toBe(0);
    expect(
      sample(
        text,
        'foodtruck_http_request_duration_seconds_count{method="POST",route="/api/events/:id/create-payment-intent",status_code="200"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'foodtruck_payment_provider_calls_total{operation="capturePaymentIntent",outcome="ok"}'),
    ).toBe(1);
    expect(
      sample(text, 'foodtruck_reconciler_task_runs_total{task="capture-funded-orders",outcome="ok"}'),
    ).toBe(2);
    // The organizer's and the truck's "goal reached" mails and the diner's receipt were sent (as .eml files).
    expect(sample(text, 'foodtruck_outbox_mails{status="pending"}')).toBe(0);
    expect(sample(text, 'foodtruck_open_connections{kind="sse"}')).toBe(0);
    expect(sample(text, 'foodtruck_open_connections{kind="websocket"}')).toBe(0);
    expect(text).toContain('foodtruck_process_resident_memory_bytes');
  });

  it('reports the held orders of a funded event waiting for their capture, and since when', async () => {
    const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: 2000 });
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    await placeOrder(new Agent(app), event.id, taco.id, 1); // reaches the goal
    clock.advance(90_000);
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'foodtruck_capture_backlog')).toBe(2);
    expect(sample(text, 'foodtruck_capture_lag_seconds')).toBeGreaterThanOrEqual(90);
    await app.ctx.reconciler.runOnce();
    const after = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(after, 'foodtruck_capture_backlog')).toBe(0);
    expect(sample(after, 'foodtruck_capture_lag_seconds')).toBe(0);
  });

  it('answers only callers on this machine that no proxy forwarded', async () => {
    const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(
      'The metrics are answered only on this machine (or set METRICS_TOKEN)',
    );
    const forwarded = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(403);
  });

  it('answers anyone with METRICS_TOKEN, and nobody without it', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await createTestApp(database, { metrics: { token } });
    try {
      const without = await guarded.inject({ method: 'GET', url: '/metrics' });
      expect(without.statusCode).toBe(401);
      const wrong = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-9876543210' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('foodtruck_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});

describe('GET /api/ready and /api/health', () => {
  it('is ready once migrated with the database and its listener up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true, database: 'up', listener: 'up' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
  });
});

describe('request ids', () => {
  it('returns the id that the log lines of the request carry', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events/999999' });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // A caller can't choose the id without a trusted proxy in front.
    const chosen = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'mine-12345678' },
    });
    expect(chosen.headers['x-request-id']).not.toBe('mine-12345678');
  });

  it('keeps the id of a trusted proxy, and logs with it', async () => {
    const { buildApp } = await import('../../src/server/app');
    const { testConfig } = await import('../support/test-app');
    const lines: Array<Record<string, unknown>> = [];
    const proxied = await buildApp(testConfig({ trustProxy: true, logLevel: 'debug' }), {
      database,
      serveClient: false,
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    try {
      const res = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'nginx-0a1b2c3d4e5f' },
      });
      expect(res.headers['x-request-id']).toBe('nginx-0a1b2c3d4e5f');
      expect(lines.some((l) => l.reqId === 'nginx-0a1b2c3d4e5f')).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
