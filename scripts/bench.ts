/**
 * npm run bench: figures, not adjectives. Starts the app on a fresh in-memory database with the demo
 * data, drives it over loopback for a bounded time, and prints requests per second and latencies per
 * endpoint, then the client bundle's sizes. Nothing here is an assertion; CI does not run it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/seed/seed-demo';
import { benchCaptures, openBenchDatabase } from './bench-capture';
import { buildClient } from './build-client';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

await buildClient({ quiet: true });
const database = await openDatabase({ dataDir: null });
const config = {
  ...loadConfig({
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
    RECONCILER_INTERVAL_MS: '0',
    DATA_DIR: '/tmp/foodtruck-bench',
    // The benchmark measures checkouts from one address: the per-address limit would stop it at 30.
    RATE_LIMIT_ORDERS: 'off',
  }),
};
const app = await buildApp(config, { database, serveClient: true });
await seedDemo(app.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function request(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function measure(name: string, make: (i: number) => Promise<number>, seconds = SECONDS) {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        const status = await make(i++);
        latencies.push(performance.now() - start);
        if (status >= 400) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  console.log(
    `${name.padEnd(42)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms   p99 ${pct(0.99).padStart(6)} ms   errors ${errors}`,
  );
}

console.log(
  `Food Truck Fund benchmark: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, embedded PGlite, loopback\n`,
);
await measure('GET /api/events/public', () => request('GET', '/api/events/public'));
await measure('GET /api/events/1', () => request('GET', '/api/events/1'));
await measure('GET /api/menu-items/3', () => request('GET', '/api/menu-items/3'));
await measure('GET / (index.html)', () => request('GET', '/'));
await measure('POST /api/events/1/create-payment-intent', (i) =>
  request(
    'POST',
    '/api/events/1/create-payment-intent',
    {
      items: [{ menuItemId: 1, quantity: 1 }],
      customerName: 'Bench',
      customerEmail: `bench${i}@example.com`,
      amount: 518,
    },
    { origin: `http://127.0.0.1:${port}` },
  ),
);

const assets = path.join('dist/web/assets');
console.log('\nClient bundle (dist/web/assets):');
let totalGzip = 0;
for (const file of readdirSync(assets)
  .filter((f) => /\.(js|css)$/.test(f))
  .sort()) {
  const full = path.join(assets, file);
  const gz = gzipSync(readFileSync(full)).length;
  totalGzip += gz;
  console.log(
    `  ${file.padEnd(52)} ${(statSync(full).size / 1024).toFixed(1).padStart(8)} kB   gzip ${(gz / 1024).toFixed(1).padStart(7)} kB`,
  );
}
console.log(
  `  ${'total'.padEnd(52)} ${''.padStart(8)}      gzip ${(totalGzip / 1024).toFixed(1).padStart(7)} kB`,
);

agent.destroy();
await app.close();
await database.close();

const captureDatabase = await openBenchDatabase();
console.log(`\nMoney engine (${captureDatabase.label}, fresh database):`);
await benchCaptures(captureDatabase);
await captureDatabase.close();
