/**
 * The event CSV's memory, measured again and again (the scale bench takes it once per size): a fresh app
 * server on a kept scale database (`BENCH_SCALE_KEEP=1 npm run bench -- scale`), its RSS idle after two
 * ordinary answers, and its peak during one download of the 100,000-order CSV; `BENCH_CSV_RUNS` servers
 * (default 5), the median and every ratio printed. `BENCH_CSV_CONCURRENT=n` downloads n at once instead,
 * and prints their statuses and sizes.
 *
 *   npx tsx scripts/bench/csv-memory.ts postgres://postgres@127.0.0.1:5432/bench_scale
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startServer } from './load';
import { PROBE_PASSWORD } from './scale-data';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/bench_scale';
const RUNS = Number(process.env.BENCH_CSV_RUNS ?? 5);
const CONCURRENT = Number(process.env.BENCH_CSV_CONCURRENT ?? 1);

const client = new pg.Client({ connectionString: url });
await client.connect();
const probe = await client.query<{ organizer: number; event: number }>(`
  select u.id as organizer, (select e.id from events e where e.organizer_id = u.id and e.title = 'Probe stadium night') as event
    from users u where u.username = 'scale_organizer'`);
await client.end();
const { organizer, event } = probe.rows[0]!;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const ratios: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const server = await startServer({
    BENCH_SERVE: 'app',
    BENCH_SERVE_DATABASE_URL: url,
    BENCH_SERVE_DATA: JSON.stringify({ organizerId: organizer }),
    BENCH_SERVE_CONFIG: JSON.stringify({ RATE_LIMIT_SESSIONS: 'off' }),
  });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'scale_organizer', password: PROBE_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const path = `${server.url}/api/events/${event}/orders`;
    for (let i = 0; i < 2; i++) await (await fetch(path, { headers: { cookie } })).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const idle = rssMb(server.pid);
    let peak = idle;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 10);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const answer = await fetch(`${path}.csv`, { headers: { cookie } });
        return { status: answer.status, bytes: (await answer.arrayBuffer()).byteLength };
      }),
    );
    clearInterval(timer);
    peak = Math.max(peak, rssMb(server.pid));
    ratios.push(peak / idle);
    console.log(
      `run ${run + 1}: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, ${(peak / idle).toFixed(3)} × idle, ${Math.round(performance.now() - started)} ms, ${answers.map((a) => `${a.status} ${(a.bytes / 1e6).toFixed(1)} MB`).join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}
ratios.sort((a, b) => a - b);
console.log(
  `median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(3)} × idle over ${RUNS} runs (${ratios.map((r) => r.toFixed(3)).join(', ')})`,
);
