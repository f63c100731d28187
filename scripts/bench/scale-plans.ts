/**
 * The scale bench's EXPLAIN (scripts/bench/scale.ts): every statement the app sent while a figure or a
 * reconciler task ran is explained on the grown database, and any sequential scan of a large table or
 * OFFSET is a finding.
 */
import { createRequire } from 'node:module';
import pg from 'pg';

// node-postgres's own conversion of a parameter to its text form (dates, arrays, JSON); it has no types.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): unknown;
};
/** A table this large is never read through: a sequential scan of it is printed. */
const LARGE_TABLE_ROWS = 20_000;

/**
 * Statements the in-process app sends, for EXPLAIN, while `capture.by` names what is running (an
 * answer, or a reconciler task); null: nothing is captured.
 */
export const capture = {
  statements: new Map<string, { values: unknown[]; by: string }>(),
  by: null as string | null,
};

/** Wraps node-postgres's `query` so that every statement the app sends passes through `capture`. */
export function captureStatements(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capture.by) {
      const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      const values = (typeof first === 'string' ? undefined : first?.values) ?? args[1];
      if (
        /^\s*(select|with|update|delete)\b/i.test(text) &&
        text.trim() !== 'select 1' &&
        !capture.statements.has(text)
      ) {
        capture.statements.set(text, { values: Array.isArray(values) ? values : [], by: capture.by });
      }
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The indexes a plan reads through. */
function indexesOf(node: PlanNode, out: string[] = []): string[] {
  if (node['Index Name']) out.push(node['Index Name']);
  for (const child of node.Plans ?? []) indexesOf(child, out);
  return out;
}

/** Statements whose plan is printed with the indexes it reads (the payout sweep must read only what is due). */
const PLANS_SHOWN = /^task settle-event-payouts$/;

function seqScansOf(node: PlanNode, out: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScansOf(child, out);
  return out;
}

/**
 * EXPLAIN of every captured statement: the sequential scans of large tables, and any OFFSET. The plans
 * of the statements named by PLANS_SHOWN are told to `log` with the indexes they read.
 */
export async function explainCaptured(url: string, log: (line: string) => void): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; rows: number }>(
      `select relname, reltuples::bigint as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    const large = new Set(rows.filter((r) => Number(r.rows) >= LARGE_TABLE_ROWS).map((r) => r.relname));
    const found: string[] = [];
    for (const [text, { values, by }] of capture.statements) {
      const short = text.replace(/\s+/g, ' ').slice(0, 140);
      if (/\boffset\b/i.test(text)) found.push(`${by}: OFFSET in ${short}`);
      try {
        // EXPLAIN takes no bind parameters: the statement is prepared, and executed with literals.
        await client.query(`prepare scale_explained as ${text}`);
        const literals = values.map((v) => {
          const value = prepareValue(v) as string | null;
          return value === null ? 'null' : client.escapeLiteral(String(value));
        });
        const plan = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          `explain (format json) execute scale_explained${literals.length ? `(${literals.join(', ')})` : ''}`,
        );
        await client.query('deallocate scale_explained');
        const root = plan.rows[0]!['QUERY PLAN'][0]!.Plan;
        if (PLANS_SHOWN.test(by)) {
          const indexes = [...new Set(indexesOf(root))];
          log(`    ${by}: ${indexes.length ? `through ${indexes.join(', ')}` : 'no index'} in ${short}`);
        }
        const scans = seqScansOf(root).filter((r) => large.has(r));
        for (const relation of new Set(scans)) found.push(`${by}: Seq Scan on ${relation} in ${short}`);
      } catch (error) {
        await client.query('deallocate all');
        found.push(`${by}: EXPLAIN failed (${(error as Error).message}) for ${short}`);
      }
    }
    return found;
  } finally {
    await client.end();
  }
}
