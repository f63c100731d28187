/**
 * npm run bench: figures, not adjectives. Every figure is printed through scripts/bench/figure.ts with the
 * reference it is divided by, measured in the same run, and its goal. Servers run in child processes
 * pinned to one core (`taskset -c 0`) and the load generator (autocannon, 50 connections, medians of 3
 * runs, each alternating with a run of the reference) to the other, so an endpoint and the bare Fastify
 * hello route get the same single core.
 * Nothing here is an assertion; CI does not run it.
 *
 *   BENCH_DATABASE_URL  PostgreSQL server for scratch databases (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ONLY          comma-separated sections to run: reads, images, orders, client, capture, scale (default
 *                       all); section names as arguments do the same: `npm run bench -- scale --100x`
 *   --100x              the scale section grows its database to 100× a season too (minutes of seeding)
 *   BENCH_SECONDS, BENCH_RUNS, BENCH_CONNECTIONS   length of a run, runs per figure, connections
 */
import { benchCaptures, openBenchDatabase } from './bench-capture';
import { benchClient } from './bench/client';
import { printFigures } from './bench/figure';
import { imageFigures } from './bench/images';
import { benchOrders } from './bench/orders';
import { CONNECTIONS, onAllCores, pinLoadGenerator, RUNS, SECONDS } from './bench/load';
import { benchReads } from './bench/reads';
import { benchScale, scaleSizes } from './bench/scale';

const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const only = named.length > 0 ? named : process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (section: string) => !only || only.includes(section);

const pinned = pinLoadGenerator();
console.log(
  `Food Truck Fund benchmark: ${CONNECTIONS} connections, ${RUNS} × ${SECONDS} s per figure (medians), ` +
    (pinned ? 'servers on core 0, load on core 1' : 'taskset missing: nothing pinned'),
);

if (wanted('reads')) {
  for (const kind of ['PostgreSQL', 'PGlite'] as const) {
    printFigures(`Public reads on ${kind}`, await benchReads(kind));
  }
}

if (wanted('images')) printFigures('Images out of JSON', await imageFigures());
if (wanted('orders')) printFigures('Orders into one event', await benchOrders());
// After the servers above have closed, so the browser measurements have the machine to themselves,
// every core of it.
if (wanted('client')) printFigures('Client and start-up', await onAllCores(benchClient));

if (wanted('capture')) {
  const captureDatabase = await openBenchDatabase();
  try {
    printFigures('Money engine (fresh database)', await benchCaptures(captureDatabase));
  } finally {
    await captureDatabase.close();
  }
}

if (wanted('scale')) {
  const sizes = scaleSizes();
  printFigures(
    `A season at ${sizes.join('×, ')}× (PostgreSQL; p99 at the largest size against 1×)`,
    await benchScale(),
  );
}
