import { buildApp } from './app';
import { ensureAdmin } from './auth/ensure-admin';
import { loadConfig } from './config';
import { DEMO_LOGINS, seedDemo } from './seed/seed-demo';

const config = loadConfig();
const app = await buildApp(config);

if (config.admin) {
  const result = await ensureAdmin(app.ctx.db, config.admin.username, config.admin.password);
  app.log.info({ username: config.admin.username }, `admin ${result} from ADMIN_USERNAME`);
}
const { seeded } = config.seedDemo ? await seedDemo(app.ctx) : { seeded: false };

await app.listen({ port: config.port, host: config.host });

const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  Food Truck Fund is running at ${url}`,
  `  Database: ${app.ctx.database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
];
if (config.seedDemo) {
  lines.push(
    seeded ? '  Demo data was created. Sign in with:' : '  Demo logins (if you kept the demo data):',
  );
  for (const login of DEMO_LOGINS)
    lines.push(`    ${login.role.padEnd(18)} ${login.username} / ${login.password}`);
}
lines.push('  Press Ctrl+C to stop.', '');
process.stdout.write(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
