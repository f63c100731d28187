import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server';
import type { PublicEventsPage } from '../../src/contract/events';
import {
  DEMO_DATA_REFUSED,
  PAYMENT_SIMULATOR_REFUSED,
  PAYMENT_SIMULATOR_WARNING,
  PUBLIC_URL_REQUIRED,
} from '../../src/server/config';
import { PROJECT_ROOT } from '../../src/server/project-root';

/**
 * `npm start` runs the server compiled into one file with its packages bundled in (decision 092).
 * The other tests run the sources; this one starts the compiled file as a process and uses it, so a
 * package that breaks when bundled fails here rather than on someone's first start.
 */
const outDir = path.join(PROJECT_ROOT, 'dist', `server-test-${process.pid}`);
let dataDir: string;
let child: ChildProcess | undefined;
let base: string;
let port: number;
let output = '';

/**
 * Production on the embedded database, as an operator trying it out would run it: it needs its address
 * and a payment provider, or to be told to take the simulator (decision 212).
 */
function production(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: 'true',
    PUBLIC_URL: base,
    ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION: 'true',
  };
}

/**
 * Starts the compiled server on `dataDir` and waits for its first healthy answer: as `npm start` runs
 * it for a newcomer (demo data, which production never makes, decision 211), or with `production()`.
 */
async function startServer(env: Record<string, string> = {}): Promise<ChildProcess> {
  output = '';
  const started = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'compiled-server-secret-compiled-server-01',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Ready once it says so (after it listens); the hook's timeout ends a wait for a start that hangs.
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!output.includes('Food Truck Fund is running')) return;
      started.off('exit', exited);
      resolve();
    };
    const exited = () => reject(new Error(`The compiled server exited:\n${output}`));
    started.once('exit', exited);
    started.stdout!.on('data', check);
    started.stderr!.on('data', check);
  });
  expect((await fetch(`${base}/api/health`)).ok).toBe(true);
  return started;
}

async function stopServer(): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function signIn(username: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ username, password: 'password123' }),
  });
  expect(login.status).toBe(200);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

beforeAll(async () => {
  await buildServer({ quiet: true, outDir });
  dataDir = await mkdtemp(path.join(tmpdir(), 'compiled-server-'));
  port = 41_000 + (process.pid % 2000);
  base = `http://127.0.0.1:${port}`;
  child = await startServer();
}, 120_000);

afterAll(async () => {
  await stopServer();
  await rm(outDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is compact but keeps the names stack traces show', async () => {
    const chunks = path.join(outDir, 'chunks');
    const app = (await readdir(chunks)).find((name) => /^app-.*\.js$/.test(name));
    const source = await readFile(path.join(chunks, app!), 'utf8');
    expect(source).toMatch(/async function buildApp\(/);
    // Written without the sources' indentation (decision 107): far fewer lines than statements.
    expect(source.split('\n').length).toBeLessThan(source.length / 200);
  });

  it('starts on a new embedded database with the demo data and answers the public list', async () => {
    expect(output).toContain('Food Truck Fund is running');
    // The demo logins are the only known passwords, printed because this start created them (decision 120).
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Demo data was created. Sign in with:');
    expect(output).toMatch(/Administrator\s+admin \/ password123/);
    // Without a terminal: each step numbered as it begins and with its time as it ends (decision 112).
    const steps = output.split('\n').filter((line) => /^\[\d\/\d\]|^ {6}\S/.test(line));
    expect(steps[0]).toBe(`[1/3] Creating the embedded database in ${dataDir} (first start only)…`);
    expect(steps).toContain('      creating its tables…');
    expect(steps).toContain('[2/3] Preparing the app…');
    expect(steps).toContain('[3/3] Adding the demo data: accounts, menus, events, pre-orders…');
    expect(steps.filter((line) => /^ {6}done in \d+\.\d s$/.test(line))).toHaveLength(3);
    // Whatever the ticking thread wrote meanwhile is whole lines of its own.
    for (const line of steps) {
      expect(line).toMatch(
        /^(\[\d\/3\] .+…| {6}(creating its tables|done in \d+\.\d s|(\d+\/\d+, )?\d+\.\d s)…?)$/,
      );
    }
    expect(output).toMatch(/Food Truck Fund is running at http:\/\/localhost:\d+ \(started in \d+\.\d s\)/);
    const res = await fetch(`${base}/api/events/public`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toMatch(/"title"/);
  });

  it('signs a demo user in (argon2) and answers who is signed in', async () => {
    const cookie = await signIn('olivia');
    const user = await fetch(`${base}/api/user`, { headers: { Cookie: cookie } });
    expect(await user.json()).toMatchObject({ username: 'olivia' });
  });

  it('serves the API description and refuses bad input with a message', async () => {
    const docs = await fetch(`${base}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const page = await fetch(`${base}/api/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
    // Swagger UI is bundled but serves its scripts and styles from its own folder in node_modules.
    const script = await fetch(`${base}/api/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
    expect((await fetch(`${base}/api/docs/static/swagger-ui.css`)).status).toBe(200);
    const bad = await fetch(`${base}/api/events/not-a-number`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBeTruthy();
  });

  it('starts again on the database it made, keeping its data and its sessions', async () => {
    const cookie = await signIn('olivia');
    const before = (await (await fetch(`${base}/api/events/public`)).json()) as PublicEventsPage;
    await stopServer();
    // SIGTERM shut Postgres down cleanly: the next start replays no WAL (decision 107). pg_control's
    // state (a 32-bit value after the 8-byte system identifier and two 32-bit versions): 1 is
    // DB_SHUTDOWNED, 6 DB_IN_PRODUCTION (what a killed process leaves, so the next start recovers).
    const control = await readFile(path.join(dataDir, 'pglite', 'global', 'pg_control'));
    expect(control.readUInt32LE(16)).toBe(1);

    child = await startServer();
    expect(output).toContain('"startupMs"');
    expect(output).not.toContain('Demo data was created');
    // Only the demo logins that still open their account.
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Demo logins:');
    expect(output).toMatch(/olivia \/ password123/);
    expect(output).toContain(`[1/2] Opening the embedded database in ${dataDir}…`);
    expect(output).toContain('[2/2] Preparing the app…');
    expect(output).toContain('it does not sync to disk');
    expect(output).not.toContain('Adding the demo data');
    const user = await fetch(`${base}/api/user`, { headers: { Cookie: cookie } });
    expect(await user.json()).toMatchObject({ username: 'olivia' });
    await signIn('tacoloco');
    const after = (await (await fetch(`${base}/api/events/public`)).json()) as PublicEventsPage;
    expect(after.events.map((event) => event.id)).toEqual(before.events.map((event) => event.id));
  });

  it('creates no account with a known password in production, even on the embedded database, and refuses a weak ADMIN_PASSWORD', async () => {
    await stopServer();
    const emptyDir = await mkdtemp(path.join(tmpdir(), 'compiled-server-nodemo-'));
    const previous = dataDir;
    dataDir = emptyDir;
    try {
      // A common password stops the start with the reason, before it listens.
      const refused = spawn(process.execPath, [path.join(outDir, 'main.js')], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          ...production(),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: emptyDir,
          LOG_LEVEL: 'warn',
          SESSION_SECRET: 'compiled-server-secret-compiled-server-01',
          ADMIN_USERNAME: 'root',
          ADMIN_PASSWORD: 'password123',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let refusal = '';
      refused.stdout!.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
      refused.stderr!.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => refused.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(refusal).toContain('The admin password is refused: This password is too common');

      // In production the embedded database is refused unless the risk is accepted (decision 141).
      const embedded = spawn(process.execPath, [path.join(outDir, 'main.js')], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: '',
          DATABASE_URL: '',
          PORT: String(port),
          DATA_DIR: emptyDir,
          SESSION_SECRET: 'compiled-server-secret-compiled-server-01',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let embeddedOutput = '';
      embedded.stderr!.on('data', (chunk: Buffer) => (embeddedOutput += chunk.toString()));
      expect(await new Promise<number | null>((resolve) => embedded.once('exit', resolve))).not.toBe(0);
      expect(embeddedOutput).toContain('NODE_ENV=production needs DATABASE_URL (PostgreSQL)');
      expect(embeddedOutput).toContain('ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION=true');
      // And, in the same message, the address it needs and the payment provider it has not got.
      expect(embeddedOutput).toContain(PUBLIC_URL_REQUIRED);
      expect(embeddedOutput).toContain(PAYMENT_SIMULATOR_REFUSED);

      // Demo data (accounts with a known password) is refused in production, even when asked for.
      const demoAsked = spawn(process.execPath, [path.join(outDir, 'main.js')], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          ...production(),
          PORT: String(port),
          DATA_DIR: emptyDir,
          SESSION_SECRET: 'compiled-server-secret-compiled-server-01',
          SEED_DEMO: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let demoOutput = '';
      demoAsked.stderr!.on('data', (chunk: Buffer) => (demoOutput += chunk.toString()));
      expect(await new Promise<number | null>((resolve) => demoAsked.once('exit', resolve))).not.toBe(0);
      expect(demoOutput).toContain(DEMO_DATA_REFUSED);

      // A new embedded database in production, SEED_DEMO not set: no demo data (decision 211).
      child = await startServer({
        ...production(),
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'a-long-admin-secret-7',
      });
      await expect.poll(() => output, { timeout: 20_000 }).toContain('Press Ctrl+C to stop.');
      expect(output).not.toContain('Adding the demo data');
      expect(output).not.toContain('password123');
      // Production on the simulator, as it was told: said in the log and on the screen (decision 212).
      expect(output).toContain(`Food Truck Fund is running at ${base} (started in `);
      expect(output).toContain(PAYMENT_SIMULATOR_WARNING);
      expect(output).toMatch(/"level":40[^\n]*Payments: the simulator/);
      expect(output).not.toContain('a-long-admin-secret-7');
      expect(output).not.toMatch(/ \/ \S+/);
      const demo = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base },
        body: JSON.stringify({ username: 'admin', password: 'password123' }),
      });
      expect(demo.status).toBe(401);
    } finally {
      await stopServer();
      child = undefined;
      dataDir = previous;
      await rm(emptyDir, { recursive: true, force: true });
    }
  }, 240_000);
});
