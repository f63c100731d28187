import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './client';
import { hasPendingMigrations, migrationsFolder } from './pending-migrations';
import * as schema from './schema';

/** PostgreSQL through a node-postgres pool (`DATABASE_URL`): see `openDatabase`. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => {}); // an idle client's error is reported on its next use
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  if (await hasPendingMigrations((text) => pool.query(text))) {
    // Several instances may start at once: one migrates, the others wait for it.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock(727274)');
      await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
      lockClient.release();
    }
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
