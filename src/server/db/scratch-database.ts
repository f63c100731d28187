import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client';

/**
 * A fresh, throw-away database (tests, benchmarks): PGlite in memory when no server is given, else a
 * new database on that PostgreSQL server, created here and dropped when it is closed.
 */
export async function openScratchDatabase(
  serverUrl: string | undefined,
  prefix = 'scratch',
): Promise<Database & { url?: string }> {
  if (!serverUrl) return openDatabase({ dataDir: null });
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
