import { loadConfig } from './config';
import { openDatabase } from './db/client';

/** Milliseconds since the process started at which each step of the start ended (logged once ready). */
const startup: Record<string, number> = { loaded: 0, databaseOpen: 0, appLoaded: 0, built: 0, listening: 0 };
const mark =
  <T>(step: string) =>
  (value: T) => {
    startup[step] = Math.round(performance.now());
    return value;
  };
mark('loaded')(undefined);

const config = loadConfig();
// The database starts first: the rest of the server loads while PGlite reads and compiles its
// WebAssembly and starts Postgres (decision 107).
const [database, { buildApp }, { ensureAdmin }, { DEMO_LOGINS, demoLoginsInUse, seedDemo }] =
  await Promise.all([
    openDatabase(config.database).then(mark('databaseOpen')),
    import('./app').then(mark('appLoaded')),
    import('./auth/ensure-admin'),
    import('./seed/seed-demo'),
  ]);
const app = await buildApp(config, { database }).then(mark('built'));

if (config.admin) {
  const result = await ensureAdmin(app.ctx.db, config.admin.username, config.admin.password);
  app.log.info({ username: config.admin.username }, `admin ${result} from ADMIN_USERNAME`);
}
const { seeded } = config.seedDemo ? await seedDemo(app.ctx) : { seeded: false };

await app.listen({ port: config.port, host: config.host }).then(mark('listening'));
app.log.info({ startupMs: startup }, `ready ${startup.listening} ms after the process started`);

const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `  Food Truck Fund is running at ${url}`,
  `  Database: ${app.ctx.database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
];
// Only demo passwords, and only where they still open their account (docs/decisions/120).
const demoLogins = config.seedDemo ? (seeded ? DEMO_LOGINS : await demoLoginsInUse(app.ctx.db)) : [];
if (demoLogins.length > 0) {
  lines.push(seeded ? '  Demo data was created. Sign in with:' : '  Demo logins:');
  for (const login of demoLogins)
    lines.push(`    ${login.role.padEnd(18)} ${login.username} / ${login.password}`);
}
lines.push('  Press Ctrl+C to stop.', '');
process.stdout.write(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
