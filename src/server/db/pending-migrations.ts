import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../project-root';

export const migrationsFolder = fromRoot('src/server/db/migrations');

/**
 * Whether drizzle's migrator would apply anything. It applies each migration of the journal newer than
 * the newest one it recorded, so comparing those two instants answers the same question with one small
 * read, where the migrator runs two `CREATE … IF NOT EXISTS` and a transaction and reads and hashes every
 * migration file, at every start (decision 107). No table yet (a new database), or any other failure
 * to read it, counts as pending: the migrator then runs as before.
 */
export async function hasPendingMigrations(
  query: (text: string) => Promise<{ rows: { newest?: unknown }[] }>,
): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newestInJournal = Math.max(...journal.entries.map((entry) => entry.when));
  let newestApplied: number;
  try {
    const { rows } = await query('select max(created_at) as newest from drizzle.__drizzle_migrations');
    newestApplied = Number(rows[0]?.newest ?? Number.NaN);
  } catch {
    return true;
  }
  return !(newestApplied >= newestInJournal);
}
