import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../src/server/backup/backup-database';
import { openDatabase, type Database } from '../../src/server/db/client';
import { openScratchDatabase } from '../../src/server/db/scratch-database';
import { liveEvent, placeOrder } from '../support/orders';
import { Agent, createTestApp } from '../support/test-app';
import { pgliteSnapshot } from '../support/test-database';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backup-restore-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Query = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Every table of every schema the app uses (its migrations' journal too), each as sorted JSON rows. */
async function everyTable(query: Query): Promise<Map<string, string>> {
  const { rows } = await query(`
    select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1`);
  const tables = new Map<string, string>();
  for (const { name } of rows as Array<{ name: string }>) {
    const [schema, table] = name.split('.') as [string, string];
    const quoted = `"${schema}"."${table}"`;
    const result = await query(
      `select coalesce(json_agg(t order by t::text), '[]')::text as rows from ${quoted} t`,
    );
    tables.set(name, String(result.rows[0]!.rows));
  }
  return tables;
}

/** Orders taken, one goal reached and charged, mail sent: rows in most tables. */
async function fillWithOrders(database: Database): Promise<void> {
  const app = await createTestApp(database);
  try {
    const { event, taco } = await liveEvent(database.db, new Date(), { minimumSales: 2000 });
    for (let i = 0; i < 3; i++) await placeOrder(new Agent(app), event.id, taco.id, 1);
    await app.ctx.reconciler.runOnce();
    await app.ctx.reconciler.runOnce();
  } finally {
    await app.close();
  }
}

function expectSameTables(before: Map<string, string>, after: Map<string, string>): void {
  expect([...after.keys()]).toEqual([...before.keys()]);
  for (const [name, rows] of before) expect(after.get(name), name).toBe(rows);
  // Not an empty database compared with another empty one.
  expect(JSON.parse(before.get('public.pending_orders')!)).toHaveLength(3);
  expect(JSON.parse(before.get('public.users')!)).toHaveLength(2); // the organizer and the truck
  expect(before.size).toBeGreaterThan(20);
}

describe('npm run backup / restore', () => {
  it('round-trips the embedded database through its own dump, every table equal', async () => {
    const dataDir = path.join(dir, 'pglite');
    // On disk, as `npm start` keeps it, from the migrated snapshot every test file starts from (creating
    // and migrating a data directory again cost 30 s of this test's 90 s at load 12).
    const source = await openDatabase({ dataDir, loadDataDir: await pgliteSnapshot() });
    await fillWithOrders(source);
    await source.close();

    const file = path.join(dir, 'backups', 'embedded.tar.gz');
    await backupDatabase({ dataDir }, file);
    expect((await stat(file)).size).toBeGreaterThan(100_000);

    const original = await PGlite.create({ dataDir });
    const before = await everyTable((text) => original.query(text));
    await original.close();

    // Restored over the live directory: the old one is kept beside it.
    await restoreDatabase({ dataDir }, file, new Date('2026-11-26T03:00:00Z'));
    await expect(stat(`${dataDir}.before-restore-2026-11-26T03-00-00.000Z`)).resolves.toBeTruthy();
    const restored = await PGlite.create({ dataDir });
    const after = await everyTable((text) => restored.query(text));
    await restored.close();
    expectSameTables(before, after);

    // And the app opens it (no pending migration, its data there).
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'round-trips PostgreSQL through pg_dump and pg_restore, every table equal',
    async () => {
      const source = await openScratchDatabase(process.env.TEST_DATABASE_URL, 'backup');
      const target = new URL(process.env.TEST_DATABASE_URL!);
      const name = `restore_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await fillWithOrders(source);
        const file = path.join(dir, 'backups', 'postgres.dump');
        await backupDatabase({ url: source.url! }, file);

        await admin.query(`create database ${name}`);
        target.pathname = `/${name}`;
        await restoreDatabase({ url: target.toString() }, file);

        const from = new pg.Client({ connectionString: source.url });
        const to = new pg.Client({ connectionString: target.toString() });
        await from.connect();
        await to.connect();
        try {
          expectSameTables(
            await everyTable((text) => from.query(text)),
            await everyTable((text) => to.query(text)),
          );
        } finally {
          await from.end();
          await to.end();
        }
      } finally {
        await source.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
