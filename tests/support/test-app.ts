import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';

export const TEST_ORIGIN = 'http://localhost:80';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped when closed). Both start from a copy of one migrated
 * template (`test-database.ts`).
 */
export { openTestDatabase } from './test-database';

export interface TestClock {
  now: () => Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => void (current = new Date(date)),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
}

/**
 * The calendar date `days` after the app's today (UTC), for a request that needs a date in the future:
 * never a fixed date, which the suite would outlive.
 */
export function dateAhead(app: FastifyInstance, days: number): string {
  const at = app.ctx.now();
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    DATA_DIR: `/tmp/foodtruck-test-${process.pid}`,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RECONCILER_INTERVAL_MS: '0',
    // Tests place many orders from one address; tests of the limits themselves pass `rateLimits`.
    RATE_LIMIT_REGISTRATION: 'off',
    RATE_LIMIT_ORDERS: 'off',
    RATE_LIMIT_INVITATIONS: 'off',
    RATE_LIMIT_GEOCODING: 'off',
    RATE_LIMIT_CHAT: 'off',
    RATE_LIMIT_SESSIONS: 'off',
    RATE_LIMIT_UPLOADS: 'off',
    RATE_LIMIT_UPLOADS_PER_ADDRESS: 'off',
    // Nothing a test does reaches OpenStreetMap: a closed local port refuses at once, without the
    // second's spacing the real geocoder keeps (tests of the geocoder pass their stub and spacing).
    GEOCODER_URL: 'http://127.0.0.1:9',
    GEOCODER_MIN_INTERVAL_MS: '0',
    // Hundreds of viewers come from 127.0.0.1; live-stream-caps.test.ts sets its own caps.
    LIVE_STREAMS_PER_ADDRESS: '100000',
  });
  return { ...base, ...overrides };
}

export async function createTestApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), { database, serveClient: false });
  await app.ready();
  return app;
}

/**
 * A browser-like caller: keeps its cookies and sends a same-origin Origin on writes. A cookie expires
 * by the app's clock, the one that set its expiry, never the real date (the suite passes on any day).
 */
export class Agent {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    // As the web client does: every checkout attempt carries its own Idempotency-Key (the API requires one).
    if (
      options.method === 'POST' &&
      options.url.endsWith('/create-payment-intent') &&
      !('idempotency-key' in headers)
    ) {
      headers['idempotency-key'] = randomUUID();
    }
    if (options.method && options.method !== 'GET' && !('origin' in headers)) headers.origin = TEST_ORIGIN;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const response = await this.app.inject({ remoteAddress: this.ip, ...options, headers });
    for (const c of response.cookies as Array<{ name: string; value: string; expires?: Date }>) {
      if (!c.value || (c.expires && c.expires.getTime() <= this.app.ctx.now().getTime()))
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  /** Another agent with the same cookies (the same session), whose later cookies stay its own. */
  clone(): Agent {
    const copy = new Agent(this.app, this.ip);
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }

  /** The Cookie header this agent sends now. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
  patch(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers });
  }
  delete(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'DELETE', url, headers });
  }

  /** Registers (or logs in) and keeps the session cookie. */
  async login(username: string, password = 'password123') {
    const res = await this.post('/api/login', { username, password });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  }
}
