import os from 'node:os';
import path from 'node:path';
import { loadConfig, PAYMENT_SIMULATOR_WARNING } from './config';
import { openDatabase } from './db/client';
import { planServerStart } from './start-up/plan-start';
import { StartProgress, type StartSteps } from './start-up/start-progress';

/** Said at every start on the embedded database (docs/decisions/141-embedded-database-durability.md). */
export const EMBEDDED_DATABASE_NOTICE = [
  '  The embedded database is for trying the app and small single-machine use: it does not sync to disk,',
  '  so a power cut can lose the latest orders. Take real money on PostgreSQL (DATABASE_URL).',
];

/** Milliseconds since the process started at which each step of the start ended (logged once ready). */
const startup: Record<string, number> = { loaded: 0, databaseOpen: 0, appLoaded: 0, built: 0, listening: 0 };
const mark =
  <T>(step: string) =>
  (value: T) => {
    startup[step] = Math.round(performance.now());
    return value;
  };

/** More runnable work than cores over the last minute (Linux and macOS; never on Windows, which has no load average). */
function machineIsBusy(): boolean {
  return os.loadavg()[0]! > os.availableParallelism();
}

/** A folder as the person who started the server would type it: relative to where they are, if inside. */
function shownPath(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : folder;
}

/**
 * Opens the database, builds the app, adds the demo data to a new embedded database and listens, saying
 * at each step what it does (`progress`; `npm start` hands in the one that numbered its build steps).
 */
export async function startServer(progress: StartSteps = new StartProgress()): Promise<void> {
  mark('loaded')(undefined);
  try {
    await start(progress);
  } catch (error) {
    progress.fail();
    throw error;
  }
}

async function start(progress: StartSteps): Promise<void> {
  const config = loadConfig();
  const plan = planServerStart(config);
  progress.plan('server', plan.steps);
  const where = shownPath(config.dataDir);
  progress.step(
    plan.database === 'create'
      ? `Creating the embedded database in ${where} (first start only)`
      : plan.database === 'open'
        ? `Opening the embedded database in ${where}`
        : 'Connecting to PostgreSQL',
    // Postgres's initdb runs in WebAssembly on the main thread for 10–25 s at a stretch; opening an
    // existing database takes under a second, but several seconds on a machine busy with other work.
    { busy: plan.database === 'create' || machineIsBusy() },
  );
  // The database starts first: the rest of the server loads while PGlite reads and compiles its
  // WebAssembly and starts Postgres (decision 107).
  const [database, { buildApp }, { ensureAdmin }, { DEMO_LOGINS, demoLoginsInUse, seedDemo }] =
    await Promise.all([
      openDatabase(config.database, {
        onMigrating: () =>
          progress.detail(plan.database === 'create' ? 'creating its tables' : 'applying migrations'),
      }).then(mark('databaseOpen')),
      import('./app').then(mark('appLoaded')),
      import('./auth/ensure-admin'),
      import('./seed/seed-demo'),
    ]);
  progress.step('Preparing the app');
  const app = await buildApp(config, { database }).then(mark('built'));
  // Told to (ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION), but nobody should miss it (decision 212).
  if (config.paymentSimulatorInProduction) app.log.warn(PAYMENT_SIMULATOR_WARNING);

  if (config.admin) {
    const result = await ensureAdmin(app.ctx.db, config.admin.username, config.admin.password);
    app.log.info({ username: config.admin.username }, `admin ${result} from ADMIN_USERNAME`);
  }
  if (plan.seedDemo) progress.step('Adding the demo data: accounts, menus, events, pre-orders');
  const { seeded } = config.seedDemo
    ? await seedDemo(app.ctx, (done, total) => progress.count(done, total))
    : { seeded: false };
  progress.finish();

  await app.listen({ port: config.port, host: config.host }).then(mark('listening'));
  app.log.info({ startupMs: startup }, `ready ${startup.listening} ms after the process started`);

  const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Food Truck Fund is running at ${url} (started in ${progress.elapsedSeconds()})`,
    `  Database: ${app.ctx.database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
  ];
  if (app.ctx.database.driver === 'pglite') lines.push(...EMBEDDED_DATABASE_NOTICE);
  if (config.paymentSimulatorInProduction) lines.push(`  ${PAYMENT_SIMULATOR_WARNING}`);
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
}
