/** npm run create-admin -- <username> <password>: makes (or resets) an admin account. */
import { ensureAdmin } from '../src/server/auth/ensure-admin';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const [username, password] = process.argv.slice(2);
if (!username || !password) {
  console.error(
    'Usage: npm run create-admin -- <username> <password>   (password: at least 10 characters, not a common one)',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const result = await ensureAdmin(database.db, username, password);
  console.log(`Admin "${username}" ${result}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await database.close();
}
