import { mkdirSync } from 'node:fs';
import { fromRoot } from '../project-root';
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
  /**
   * Subscribe to a Postgres NOTIFY channel; resolves to an unsubscribe function. `onConnection` hears
   * when the listening connection is lost (notifications may be missed from then) and when it is back.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onConnection?: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Resolves once every notification committed before the call has reached this process's listeners
   * of these channels (PostgreSQL delivers a session's notifications ahead of the answer to its next
   * query; PGlite delivers them with the statement that committed them). Gives up after a second.
   */
  syncListeners(channels: string[]): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fromRoot('src/server/db/migrations');

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
    async syncListeners() {},
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
  /** Every listening connection, with its channel. */
  const listeners = new Map<pg.Client, string>();
  return {
    db,
    driver: 'postgres',
    async listen(channel, onPayload, onConnection) {
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
          onConnection?.(false);
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
          listeners.set(client, channel);
          if (attempt > 0) onConnection?.(true);
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
    async syncListeners(channels) {
      const synced = [...listeners]
        .filter(([, channel]) => channels.includes(channel))
        .map(([client]) => client.query('select 1').catch(() => {}));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)));
      await Promise.race([Promise.all(synced), timeout]);
      clearTimeout(timer);
    },
    async close() {
      await Promise.all([...listeners.keys()].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
