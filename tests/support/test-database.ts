import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/pending-migrations';

/**
 * Every test file gets a database of its own, already migrated (decision 184). Migrating a new one
 * per file cost seconds each (on PGlite: initdb, about 7 s of CPU, then every migration, 2 s); instead the
 * migrations run once per set of migrations and each file starts from a copy of the result:
 *
 * - PGlite: a dump of the migrated data directory (`dumpDataDir`), kept as a tar file in the system's
 *   temporary directory and loaded into each new in-memory database;
 * - PostgreSQL: a template database on the server of `TEST_DATABASE_URL`, cloned with `CREATE DATABASE
 *   … TEMPLATE`, the clone dropped when the file closes it.
 *
 * Both are named by a hash of the migrations (and PGlite's version): a branch with other migrations gets
 * its own, and a changed migration is never served stale. The template is made by the app's own
 * migrator, so the migrations still run on every test run, on both databases. The vitest projects warm
 * it once in their global set-up (`test-database.setup.ts`); without that, the first file to need it
 * makes it.
 */
export function openTestDatabase(): Promise<Database & { url?: string }> {
  const server = process.env.TEST_DATABASE_URL;
  return server ? clonePostgresTemplate(server) : loadPgliteSnapshot();
}

/** Makes the template (or the snapshot) of the current migrations unless it exists. */
export async function prepareTestDatabaseTemplate(): Promise<void> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) await postgresTemplate(server);
  else await pgliteSnapshotFile();
}

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const wasm = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  hash.update(readFileSync(path.join(path.dirname(wasm), '..', 'package.json')));
  hash.update(readFileSync(path.join(migrationsFolder, 'meta/_journal.json')));
  for (const file of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

// --- PGlite ---------------------------------------------------------------------------------------

const snapshotDir = path.join(os.tmpdir(), 'foodtruck-test-templates');

async function pgliteSnapshotFile(): Promise<string> {
  const file = path.join(snapshotDir, `pglite-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(snapshotDir, { recursive: true });
  const client = new PGlite();
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    // Written aside, then renamed: a reader never sees half a file, and two makers racing both win.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/** The migrated PGlite data directory as a tar, to load into a new database (in memory or on disk). */
export async function pgliteSnapshot(): Promise<Blob> {
  return new Blob([readFileSync(await pgliteSnapshotFile())]);
}

async function loadPgliteSnapshot(): Promise<Database> {
  return openDatabase({ dataDir: null, loadDataDir: await pgliteSnapshot() });
}

// --- PostgreSQL -----------------------------------------------------------------------------------

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated template's name. It counts as made once it is marked a template (the last step), so a
 * maker that died half-way leaves a database the next maker drops and makes again; makers take turns
 * under an advisory lock.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `ftf_template_${migrationsFingerprint()}`;
  const isMade = async (client: pg.Client) =>
    (await client.query('select 1 from pg_database where datname = $1 and datistemplate', [name]))
      .rowCount === 1;
  if (await onServer(serverUrl, isMade)) return name;
  await onServer(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await isMade(client)) return;
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
      const database = await openDatabase({ url: withDatabase(serverUrl, name) });
      await database.close();
      await client.query(`alter database ${name} with is_template true allow_connections false`);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

async function clonePostgresTemplate(serverUrl: string): Promise<Database & { url: string }> {
  const template = await postgresTemplate(serverUrl);
  const name = `t_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
