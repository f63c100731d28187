/**
 * npm run backup [-- <file>]: a backup of the app's database (DATABASE_URL, else the embedded one in
 * DATA_DIR), by default into BACKUP_DIR (DATA_DIR/backups) with the time in its name. PostgreSQL is
 * dumped while the app runs; the embedded database only while it is stopped. See the README's
 * "Backups" and docs/decisions/140-backups.md.
 */
import path from 'node:path';
import { backupDatabase, backupFileName } from '../src/server/backup/backup-database';
import { loadConfig } from '../src/server/config';

const config = loadConfig();
const file =
  process.argv[2] ??
  path.join(
    process.env.BACKUP_DIR || path.join(config.dataDir, 'backups'),
    backupFileName(config.database, new Date()),
  );
const started = performance.now();
try {
  await backupDatabase(config.database, file);
  console.log(
    `Backed up ${'url' in config.database ? 'PostgreSQL' : 'the embedded database'} to ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
