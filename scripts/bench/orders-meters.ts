/**
 * What an order costs the machine in the orders bench (scripts/bench/orders.ts): CPU time of a process
 * and of PostgreSQL's backends from /proc, and how much of the database's work waits on a lock.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux counts a process's CPU time in clock ticks of 10 ms (USER_HZ = 100). */
const MS_PER_TICK = 10;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/**
 * The CPU time PostgreSQL spends serving the bench database: its backends' (the meter's own excepted),
 * read from /proc when the meter starts and when it is read (a backend that starts in between counts
 * from zero; one that ends in between is missed).
 */
export async function meterDatabaseCpu(client: pg.Client): Promise<() => Promise<number>> {
  const backends = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.map((r) => r.pid);
  };
  const atStart = new Map((await backends()).map((pid) => [pid, processCpuMs(pid)]));
  return async () => {
    let used = 0;
    for (const pid of new Set([...atStart.keys(), ...(await backends())])) {
      used += Math.max(0, processCpuMs(pid) - (atStart.get(pid) ?? 0));
    }
    return used;
  };
}

/**
 * How much of the database's work on the order path is waiting for a lock (a row, an advisory lock):
 * the share of the app's busy connections found waiting on one, sampled every 20 ms. And the CPU time
 * PostgreSQL spent serving the bench database meanwhile.
 */
export async function watchLockWaits(
  url: string,
  until: number,
): Promise<{ lockWaits: number; databaseCpuMs: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const databaseCpu = await meterDatabaseCpu(client);
  let busy = 0;
  let waiting = 0;
  try {
    while (performance.now() < until) {
      const { rows } = await client.query<{ busy: string; waiting: string }>(
        `select count(*)::text as busy, count(*) filter (where wait_event_type = 'Lock')::text as waiting
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
      );
      busy += Number(rows[0]!.busy);
      waiting += Number(rows[0]!.waiting);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { lockWaits: busy === 0 ? 0 : waiting / busy, databaseCpuMs: await databaseCpu() };
  } finally {
    await client.end();
  }
}
