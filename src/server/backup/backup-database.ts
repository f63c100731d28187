import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseOptions } from '../db/client';

const run = promisify(execFile);

/**
 * A PostgreSQL URL as pg_dump and pg_restore take it: the password goes through PGPASSWORD, never on
 * the command line where any user of the machine could read it in the process list.
 */
function clientArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** `foodtruck-2026-11-26T03-00-00Z.dump` (PostgreSQL) or `….tar.gz` (the embedded database). */
export function backupFileName(options: DatabaseOptions, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return `foodtruck-${stamp}.${'url' in options ? 'dump' : 'tar.gz'}`;
}

/**
 * Writes a backup of the app's database to `file`: PostgreSQL through `pg_dump` in its custom format
 * (compressed, restored table by table with `pg_restore`), a consistent snapshot taken while the app
 * runs; the embedded PGlite through its own dump of the data directory (a gzipped tar), which needs
 * the app stopped, PGlite being one process (docs/decisions/140-backups.md).
 */
export async function backupDatabase(options: DatabaseOptions, file: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  if ('url' in options) {
    const { dbname, env } = clientArgs(options.url);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`],
      {
        env,
      },
    );
  } else {
    if (!options.dataDir || !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      throw new Error(`No embedded database to back up in ${options.dataDir ?? 'memory'}`);
    }
    const client = await PGlite.create({ dataDir: options.dataDir });
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  // Only a finished backup carries the name: a failed one never passes for a good one.
  await rename(partial, file);
}

/**
 * Puts a backup back. PostgreSQL: `pg_restore --clean --if-exists` in one transaction, so the
 * database is either the backup's or unchanged. Embedded: the data directory is rebuilt from the dump;
 * one already there is kept beside it (`pglite.before-restore-<time>`), never deleted.
 */
export async function restoreDatabase(
  options: DatabaseOptions,
  file: string,
  now = new Date(),
): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if ('url' in options) {
    const { dbname, env } = clientArgs(options.url);
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        file,
      ],
      { env },
    );
    return;
  }
  const dataDir = options.dataDir;
  if (!dataDir) throw new Error('The embedded database in memory has nothing to restore into');
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    await rename(dataDir, `${dataDir}.before-restore-${now.toISOString().replaceAll(':', '-')}`);
  }
  await mkdir(dataDir, { recursive: true });
  const dump = new Blob([await readFile(file)]);
  const client = await PGlite.create({ dataDir, loadDataDir: dump });
  // A checkpoint writes every restored page into the directory before the process ends.
  await client.query('checkpoint');
  await client.close();
}
