/**
 * Public reads against the hello reference, each server alone on the same core: the event page's
 * `GET /api/events/{id}` (an event with 2,000 orders), the first page of the public list (10,000
 * events), the truck's menu, and a browser's revalidation of the event (If-None-Match → 304). Each
 * figure's runs alternate with runs of the hello route, and its ratio is the median of the pairs'.
 */
import { openScratchDatabase } from '../../src/server/db/scratch-database';
import type { Figure } from './figure';
import { measurePaired, startServer, type PairedResult } from './load';
import { seedReadData } from './read-data';

export type ReadDatabase = 'PostgreSQL' | 'PGlite';

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function benchReads(kind: ReadDatabase): Promise<Figure[]> {
  const scratch =
    kind === 'PostgreSQL'
      ? await openScratchDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES, 'bench')
      : null;
  const hello = await startServer({ BENCH_SERVE: 'hello' });
  try {
    // PUBLIC_URL as in production, which refuses to start without it. Without it every request runs in
    // an AsyncLocalStorage holding its origin (decision 146), and on Node 20 that hooks every promise the
    // process makes: about a fifth of a cached read's CPU, which no deployment pays.
    const env: Record<string, string> = {
      BENCH_SERVE: 'app',
      BENCH_SERVE_CONFIG: JSON.stringify({ PUBLIC_URL: 'http://127.0.0.1' }),
    };
    if (scratch) {
      env.BENCH_SERVE_DATABASE_URL = scratch.url!;
      env.BENCH_SERVE_DATA = JSON.stringify(await seedReadData(scratch.db));
    }
    const server = await startServer(env);
    const { eventId, truckId } = server.info as { eventId: number; truckId: number };
    const ratioGoal = kind === 'PostgreSQL' ? 0.5 : 0.25;
    const helloRef = { url: `${hello.url}/hello`, pid: hello.pid };
    const withPid = (o: Parameters<typeof measurePaired>[2] = {}) => ({ ...o, pid: server.pid });
    const figure = (name: string, r: PairedResult, goal: boolean): Figure => ({
      name: `${name} (${kind})`,
      value: Math.round(r.rps),
      unit: 'req/s',
      ratio: r.ratio,
      reference: `hello ${Math.round(r.reference.rps).toLocaleString('en-US')} req/s, p99 ${r.reference.p99} ms`,
      goal: goal ? `≥ ${ratioGoal} of hello, p99 ≤ 10 ms` : 'none (for comparison)',
      met: goal ? r.ratio >= ratioGoal && r.p99 <= 10 && r.failures === 0 : r.failures === 0,
      detail:
        `p99 ${r.p99} ms` +
        (r.cpuPerRequest !== undefined && r.referenceCpuPerRequest !== undefined
          ? `, server CPU ${Math.round(r.cpuPerRequest)} µs/request vs hello ${Math.round(r.referenceCpuPerRequest)} (ratio ${(r.referenceCpuPerRequest / r.cpuPerRequest).toFixed(3)})`
          : '') +
        (r.failures ? `, ${r.failures} failed answers` : ''),
    });
    try {
      const detailUrl = `${server.url}/api/events/${eventId}`;
      const figures = [
        figure('GET /api/events/{id}', await measurePaired(helloRef, detailUrl, withPid()), true),
        figure(
          'GET /api/events/public (first page)',
          await measurePaired(helloRef, `${server.url}/api/events/public`, withPid()),
          true,
        ),
        figure(
          'GET /api/menu-items/{truckId}',
          await measurePaired(helloRef, `${server.url}/api/menu-items/${truckId}`, withPid()),
          false,
        ),
      ];
      const etag = (await fetch(detailUrl)).headers.get('etag');
      if (etag) {
        figures.push(
          figure(
            'GET /api/events/{id}, If-None-Match (304)',
            await measurePaired(
              helloRef,
              detailUrl,
              withPid({ headers: { 'if-none-match': etag }, expectStatus: 304 }),
            ),
            false,
          ),
        );
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await hello.stop();
    await scratch?.close();
  }
}
