/** npm run seed: puts the demo data into an empty embedded database. */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DEMO_LOGINS, seedDemo } from '../src/server/seed/seed-demo';

const config = loadConfig();
if ('url' in config.database) {
  console.error('Refusing to seed demo data into DATABASE_URL: demo data goes only into the embedded database.');
  process.exit(2);
}
const database = await openDatabase(config.database);
const { seeded } = await seedDemo(database.db);
await database.close();
console.log(seeded ? 'Demo data created.' : 'The database already has users; nothing was changed.');
for (const l of DEMO_LOGINS) console.log(`  ${l.role.padEnd(18)} ${l.username} / ${l.password}`);
