/**
 * One server for the benchmarks, run as a child process pinned to a core by scripts/bench.ts:
 * `BENCH_SERVE=hello` a bare Fastify hello route (the reference), `BENCH_SERVE=app` the app on
 * BENCH_SERVE_DATABASE_URL (seeded by the parent), or on a fresh in-memory PGlite it seeds itself.
 * Prints one JSON line when it listens: `{ "port": …, "eventId": …, "truckId": … }`.
 * `BENCH_SERVE_CONFIG` (JSON) adds settings, e.g. the scale bench turns rate limits off; with
 * `BENCH_SERVE_CLIENT=1` it serves the built client and its server-rendered pages.
 */
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedReadData } from './read-data';

const mode = process.env.BENCH_SERVE;
if (mode === 'hello') {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));
} else {
  const url = process.env.BENCH_SERVE_DATABASE_URL;
  const database = await openDatabase(url ? { url } : { dataDir: null });
  const seeded = url ? JSON.parse(process.env.BENCH_SERVE_DATA!) : await seedReadData(database.db);
  const config = loadConfig({
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
    RECONCILER_INTERVAL_MS: '0',
    DATA_DIR: '/tmp/foodtruck-bench',
    ...(JSON.parse(process.env.BENCH_SERVE_CONFIG ?? '{}') as Record<string, string>),
  });
  const app = await buildApp(config, { database, serveClient: process.env.BENCH_SERVE_CLIENT === '1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port, ...seeded }));
}

// Exit normally on SIGTERM, so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
