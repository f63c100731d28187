import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Use cases take either, so they can run inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Subscribe to a Postgres NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions = { url: string } | { dataDir: string | null };

/**
 * PGlite (in-process Postgres, one connection) by default; node-postgres when a URL is given.
 * Both get the same migrations, applied here.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => {}); // an idle client's error is reported on its next use
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  // Several instances may start at once: one migrates, the others wait for it.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
    lockClient.release();
  }
  const listeners = new Set<pg.Client>();
  return {
    db,
    driver: 'postgres',
    async listen(channel, onPayload) {
      // LISTEN needs a connection of its own for as long as it listens; if that connection drops
      // (a server restart, a network blip), it is opened again, so this instance keeps hearing.
      let stopped = false;
      let current: pg.Client | undefined;
      const connect = async (attempt: number): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        const reconnect = () => {
          if (stopped || current !== client) return;
          listeners.delete(client);
          current = undefined;
          client.end().catch(() => {});
          setTimeout(
            () => void connect(attempt + 1).catch(() => {}),
            Math.min(30_000, 250 * 2 ** attempt),
          ).unref();
        };
        client.on('error', reconnect);
        client.on('end', reconnect);
        client.on('notification', (msg) => {
          if (msg.channel === channel) onPayload(msg.payload ?? '');
        });
        current = client;
        try {
          await client.connect();
          await client.query(`listen ${pg.escapeIdentifier(channel)}`);
          listeners.add(client);
        } catch (error) {
          if (attempt === 0) throw error;
          reconnect();
        }
      };
      await connect(0);
      return async () => {
        stopped = true;
        const client = current;
        current = undefined;
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
