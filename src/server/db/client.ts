import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { hasPendingMigrations, migrationsFolder } from './pending-migrations';
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
  /**
   * How many app instances listen on this database now: PostgreSQL's listening connections of this
   * app (one per instance), or PGlite's subscribers of `channel` in this process (its only process).
   */
  countListeners(channel: string): Promise<number>;
  /**
   * Whether this instance's LISTEN connection is up (always, on PGlite): while it is down, other
   * instances' changes go unheard here (decision 138: not ready).
   */
  isListening(): boolean;
  /** The connection pool's figures (PostgreSQL only: PGlite is one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string }
  | {
      dataDir: string | null;
      /**
       * A data directory dumped by PGlite's `dumpDataDir` (a tar) to start from instead of a new one:
       * the tests' migrated snapshot, loaded in a moment where initdb and the migrations take seconds.
       */
      loadDataDir?: Blob;
    };

/** What the start says while the database opens (src/server/start-server.ts). */
export interface OpenHooks {
  /** Called before pending migrations are applied (all of them, on a new database). */
  onMigrating?: () => void;
}

/**
 * PGlite (in-process Postgres, one connection) by default; node-postgres when a URL is given.
 * Both get the same migrations, applied here.
 */
export async function openDatabase(options: DatabaseOptions, hooks: OpenHooks = {}): Promise<Database> {
  if ('url' in options) {
    // Its driver is loaded only when a server is configured.
    const { openPostgres } = await import('./open-postgres');
    return openPostgres(options.url, hooks);
  }
  return openPglite(options.dataDir, hooks, options.loadDataDir);
}

/**
 * PGlite's 9 MB of WebAssembly, compiled. PGlite would read and compile it itself, but only after the
 * earlier steps of its start, each of which waits for the main thread, busy loading the rest of the
 * server meanwhile (main.ts). Started here, the compilation runs on V8's own threads from the first
 * moment (decision 107).
 */
function compilePgliteWasm(): Promise<WebAssembly.Module> {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'));
  return WebAssembly.compile(wasm);
}

/**
 * Postgres's page cache inside PGlite. initdb writes 128MB, and PGlite's Postgres zeroes all of it as it
 * starts (its `mmap` clears the memory page by page): about 90 ms of CPU, and 128MB resident from the
 * first moment, for an embedded database that holds a few tens of MB. Pages beyond it are read from the
 * data directory through the operating system's file cache. A setting on the command line: the data
 * directory's postgresql.conf is untouched, durability is not concerned (decision 107).
 */
export const PGLITE_SHARED_BUFFERS = '64MB';

async function openPglite(dataDir: string | null, hooks: OpenHooks, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pgliteWasmModule = await compilePgliteWasm();
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    pgliteWasmModule,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const subscribers = new Map<string, number>();
  if (await hasPendingMigrations((text) => client.query(text))) {
    hooks.onMigrating?.();
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  }
  return {
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      subscribers.set(channel, (subscribers.get(channel) ?? 0) + 1);
      return async () => {
        subscribers.set(channel, (subscribers.get(channel) ?? 1) - 1);
        await unsubscribe();
      };
    },
    countListeners: async (channel) => subscribers.get(channel) ?? 0,
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async syncListeners() {},
    isListening: () => true,
    close: () => client.close(),
  };
}
