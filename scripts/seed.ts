/** npm run seed: puts the demo data into an empty embedded database. */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { DEMO_LOGINS, demoLoginsInUse, seedDemo } from '../src/server/seed/seed-demo';

const config = loadConfig();
if (process.env.NODE_ENV === 'production') {
  // The demo accounts share one published password (decision 211).
  console.error(
    'Refusing to seed demo data with NODE_ENV=production: the demo accounts have a known password.',
  );
  process.exit(2);
}
if ('url' in config.database) {
  console.error(
    'Refusing to seed demo data into DATABASE_URL: demo data goes only into the embedded database.',
  );
  process.exit(2);
}
const app = await buildApp({ ...config, reconcilerIntervalMs: 0, logLevel: 'warn' }, { serveClient: false });
const { seeded } = await seedDemo(app.ctx);
// Only demo passwords that still open their account (docs/decisions/120).
const logins = seeded ? DEMO_LOGINS : await demoLoginsInUse(app.ctx.db);
await app.close();
console.log(seeded ? 'Demo data created.' : 'The database already has users; nothing was changed.');
for (const l of logins) console.log(`  ${l.role.padEnd(18)} ${l.username} / ${l.password}`);
