/**
 * The scale bench's measurements over HTTP (scripts/bench/scale.ts): an answer's median and p99 under a
 * little concurrency, a probe account's session, and the server's memory during a CSV download.
 *
 *   BENCH_SCALE_SECONDS       seconds of load per figure (default 3), BENCH_SCALE_CONNECTIONS (default 4)
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { BenchServer } from './load';
import { PROBE_PASSWORD } from './scale-data';

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 4);

export interface Measured {
  name: string;
  median: number;
  p99: number;
  /** how many answers the runs got, all of the expected status, or the failures */
  detail: string;
  failures: number;
}

export async function login(base: string, username: string): Promise<string> {
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PROBE_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`login ${username}: ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return cookie;
}

/**
 * Latency of one answer under a little concurrency: a warm-up of two requests per connection gives the
 * rate, then as many requests as that rate answers in SECONDS (at least 10), every one of them waited
 * for, so a slow answer never spills into the next figure's run.
 */
export async function loadFigure(name: string, url: string, cookie?: string): Promise<Measured> {
  const headers = cookie ? { cookie } : undefined;
  // A few answers first, to learn how long one takes: the run's own start-up (hundreds of ms) is not
  // counted, so a 1 ms answer gets thousands of samples and its p99 is not simply the slowest one.
  const warm = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: CONNECTIONS * 2,
    headers,
    timeout: 120,
  });
  const perSecond = (CONNECTIONS * 1000) / Math.max(warm.latency.average, 0.1);
  const amount = Math.max(10, Math.min(5_000, Math.round(perSecond * SECONDS)));
  const r = await autocannon({ url, connections: CONNECTIONS, amount, headers, timeout: 120 });
  const ok = r.statusCodeStats?.['200']?.count ?? 0;
  const failures = r.requests.total === 0 ? 1 : r.errors + r.timeouts + (r.requests.total - ok);
  return {
    name,
    median: r.latency.p50,
    p99: r.latency.p99,
    failures,
    detail: `${r.requests.total} answers${failures ? `, ${failures} FAILED` : ''}`,
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * The server's resident memory idle and during one download of the big event's CSV. Idle is a server
 * that has answered a few ordinary requests (the first page of the same orders, twice), not one fresh
 * from its start: its first answers load code and grow its pools whatever they are.
 */
export async function csvMemory(server: BenchServer, url: string, cookie: string) {
  const firstPage = url.replace(/\.csv$/, '');
  for (let i = 0; i < 2; i++) await (await fetch(firstPage, { headers: { cookie } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const idleMb = rssMb(server.pid);
  let peakMb = idleMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid))), 10);
  const answer = await fetch(url, { headers: { cookie } });
  const bytes = (await answer.arrayBuffer()).byteLength;
  clearInterval(timer);
  peakMb = Math.max(peakMb, rssMb(server.pid));
  return { idleMb, peakMb, bytes };
}
