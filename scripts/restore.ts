/**
 * npm run restore -- <file>: puts a backup made by `npm run backup` back into the app's database
 * (DATABASE_URL, else the embedded one in DATA_DIR). Stop every instance first. PostgreSQL is
 * restored in one transaction; an embedded database already there is kept beside the new one.
 */
import { restoreDatabase } from '../src/server/backup/backup-database';
import { loadConfig } from '../src/server/config';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>   (stop the app first)');
  process.exit(2);
}
const config = loadConfig();
try {
  await restoreDatabase(config.database, file);
  console.log(
    `Restored ${file} into ${'url' in config.database ? 'PostgreSQL' : `the embedded database in ${config.database.dataDir}`}`,
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
