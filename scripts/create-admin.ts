/** npm run create-admin -- <username> <password>: makes (or resets) an admin account. */
import { ensureAdmin } from '../src/server/auth/ensure-admin';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const [username, password] = process.argv.slice(2);
if (!username || !password || password.length < 6) {
  console.error('Usage: npm run create-admin -- <username> <password>   (password: at least 6 characters)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
const result = await ensureAdmin(database.db, username, password);
await database.close();
console.log(`Admin "${username}" ${result}.`);
