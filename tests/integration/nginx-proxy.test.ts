import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessageId } from '../../src/core/chat';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { fromRoot } from '../../src/server/project-root';
import { ChatSocket } from '../support/chat-socket';
import { liveEvent, orderBody } from '../support/orders';
import { SseClient } from '../support/sse-client';
import { createTestApp, openTestDatabase, testConfig } from '../support/test-app';

/**
 * deploy/nginx/foodtruck.conf, the file operators copy, run by Debian's nginx (a child process on free
 * ports, its config and a self-signed certificate in a temp directory) in front of two instances:
 * sessions, orders, live progress, the chat socket and Secure cookies through it, then one instance
 * stopped while the other keeps serving. Without nginx it is skipped, saying so; under CI that is a
 * failure (.ci/run installs it). docs/decisions/142-behind-nginx.md.
 */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));
const MISSING = 'nginx is not installed (apt-get install nginx): the reverse-proxy test is skipped';
/** Accounts one address may create in an hour, in this file. */
const REGISTRATIONS = 4;

let dir: string;
let nginx: ChildProcess | undefined;
let nginxLog = '';
let database: Database & { url?: string };
let second: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
let base: string;
let ca: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A browser through the proxy: keeps its cookies, trusts the test's certificate. */
class Browser {
  private cookies = new Map<string, string>();

  request(method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { ...extra };
    if (payload) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers.origin = base;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    return new Promise((resolve, reject) => {
      const req = https.request(`${base}${url}`, { method, headers, ca }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const [name, value] = pair!.split('=') as [string, string];
            this.cookies.set(name, value);
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** How many answers each instance gave (its own request histogram). */
async function answered(app: FastifyInstance): Promise<number> {
  const text = await app.ctx.metrics.render();
  return text
    .split('\n')
    .filter((line) => line.startsWith('foodtruck_http_request_duration_seconds_count{'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

beforeAll(async () => {
  if (!NGINX) return;
  dir = await mkdtemp(path.join(tmpdir(), 'nginx-proxy-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  ca = await readFile(path.join(dir, 'cert.pem'), 'utf8');
  const [port, httpPort] = [await freePort(), await freePort()];
  base = `https://127.0.0.1:${port}`;

  database = await openTestDatabase();
  second = database.url ? await openDatabase({ url: database.url }) : undefined;
  // The registration limit on, small: the test below forges X-Forwarded-For through nginx.
  const rateLimits = {
    ...testConfig().rateLimits,
    registration: { max: REGISTRATIONS, windowMs: 60 * 60 * 1000 },
  };
  // TRUST_PROXY=true, as the file's header says: one proxy in front.
  const config = {
    trustProxy: loadConfig({ TRUST_PROXY: 'true', DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) }).trustProxy,
    publicUrl: base,
    reconcilerIntervalMs: 0,
    rateLimits,
  };
  a = await createTestApp(database, config);
  b = await createTestApp(second ?? database, config);
  await a.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

  // The operators' file, its placeholders filled in for this machine.
  const site = (await readFile(fromRoot('deploy/nginx/foodtruck.conf'), 'utf8'))
    .split('\n')
    .map((line) => {
      if (line.includes('@@UPSTREAM_A@@'))
        return `    server 127.0.0.1:${portOf(a)} max_fails=1 fail_timeout=10s;`;
      if (line.includes('@@UPSTREAM_B@@'))
        return `    server 127.0.0.1:${portOf(b)} max_fails=1 fail_timeout=10s;`;
      if (line.includes('@@HTTP@@')) return `    listen 127.0.0.1:${httpPort};`;
      if (line.includes('@@LISTEN@@')) return `    listen 127.0.0.1:${port} ssl http2;`;
      if (line.includes('@@HTTP6@@') || line.includes('@@LISTEN6@@')) return '';
      if (line.includes('@@CERT@@')) return `    ssl_certificate ${path.join(dir, 'cert.pem')};`;
      if (line.includes('@@KEY@@')) return `    ssl_certificate_key ${path.join(dir, 'key.pem')};`;
      return line;
    })
    .join('\n');
  await mkdir(path.join(dir, 'temp'));
  await writeFile(path.join(dir, 'foodtruck.conf'), site);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${dir}/temp/${t};`,
      ),
      `  include ${dir}/foodtruck.conf;`,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stderr!.on('data', (chunk: Buffer) => (nginxLog += chunk.toString()));
  // Up once it answers through to an instance.
  await vi.waitFor(
    async () => {
      if (nginx!.exitCode !== null) throw new Error(`nginx exited: ${nginxLog}`);
      expect((await new Browser().request('GET', '/api/health')).status).toBe(200);
    },
    { timeout: 15_000, interval: 100 },
  );
}, 60_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(!NGINX && process.env.CI)('behind nginx (CI)', () => {
  it('has nginx installed', () => {
    throw new Error(`${MISSING}; under CI it is required (.ci/run installs it)`);
  });
});

describe.skipIf(!NGINX)(NGINX ? 'behind nginx, two instances' : MISSING, () => {
  it('keeps a session on either instance, with a Secure cookie, and the proxy’s request id', async () => {
    const browser = new Browser();
    const [countA, countB] = [await answered(a), await answered(b)];
    const registered = await browser.request('POST', '/api/register', {
      username: `proxied${Date.now().toString(36)}`,
      password: 'violet-harbor-42',
      role: 'organizer',
    });
    expect(registered.status, registered.body).toBe(201);
    const cookies = ([] as string[]).concat(registered.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    // Several requests, spread over both instances, all signed in.
    for (let i = 0; i < 6; i++) {
      const me = await browser.request('GET', '/api/user');
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).role).toBe('organizer');
      // nginx's $request_id (32 hex digits) is the app's: one id in both logs.
      expect(me.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(await answered(a)).toBeGreaterThan(countA);
    expect(await answered(b)).toBeGreaterThan(countB);
    // The metrics are not on the public site.
    expect((await browser.request('GET', '/metrics')).status).toBe(404);
  });

  it('takes an order and streams its progress unbuffered, and carries the chat socket', async () => {
    const { event, taco } = await liveEvent(database.db, new Date(), { minimumSales: 5000 });
    const stream = await SseClient.open(`${base}/api/events/${event.id}/stream`, {}, { ca });
    expect(stream.status).toBe(200);
    await stream.nextProgress(() => true, 5000);

    const diner = new Browser();
    const created = await diner.request(
      'POST',
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 2, 1050),
      { 'idempotency-key': randomUUID() },
    );
    expect(created.status, created.body).toBe(200);
    const { orderId, clientSecret } = JSON.parse(created.body);
    const confirmed = await diner.request('POST', '/api/payments/simulator/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(confirmed.status, confirmed.body).toBe(200);
    expect((await diner.request('POST', `/api/events/${event.id}/orders/${orderId}/sync`)).status).toBe(200);
    // The held order reaches the stream through nginx as it happens (not when a buffer fills).
    await stream.nextProgress<{ currentSales: string }>((p) => p.currentSales === '20.00', 5000);
    stream.close();

    const visitor = new Browser();
    expect((await visitor.request('GET', '/api/chat/history')).status).toBe(200);
    const socket = await ChatSocket.open(base, { origin: base, cookie: visitor.cookieHeader() }, { ca });
    const sent = {
      id: createMessageId(),
      type: 'message',
      text: 'Hello through nginx',
      sender: 'Guest',
      timestamp: Date.now(),
    };
    socket.send(sent);
    expect((await socket.next((m) => m.id === sent.id)).text).toBe('Hello through nginx');
    socket.close();
  });

  it('counts the visitor’s own address, whatever X-Forwarded-For it sends (decision 212)', async () => {
    // Every browser here is 127.0.0.1 to nginx; each forges another address in front of it.
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATIONS + 2; i++) {
      const registered = await new Browser().request(
        'POST',
        '/api/register',
        { username: `forged${i}${Date.now().toString(36)}`, password: 'violet-harbor-42', role: 'organizer' },
        { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.${i}` },
      );
      statuses.push(registered.status);
      if (registered.status === 429)
        expect(JSON.parse(registered.body).message).toMatch(
          /^Too many accounts were created from your network\./,
        );
    }
    // The first test registered one already from the same address: at most the rest of the limit got in.
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(REGISTRATIONS - 1);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('keeps serving when one instance stops', async () => {
    const { event } = await liveEvent(database.db, new Date());
    const browser = new Browser();
    expect((await browser.request('GET', `/api/events/${event.id}`)).status).toBe(200);
    await a.close();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await browser.request('GET', `/api/events/${event.id}`)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    expect(nginxLog).toBe('');
  });
});
