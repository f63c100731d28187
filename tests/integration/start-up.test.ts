import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { PGLITE_SHARED_BUFFERS, type Database } from '../../src/server/db/client';
import { hasPendingMigrations } from '../../src/server/db/pending-migrations';
import { menuItems, users } from '../../src/server/db/schema';
import { createMenuItem, createTruck } from '../../src/server/seed/factories';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { planServerStart } from '../../src/server/start-up/plan-start';
import { makePng, toDataUrl } from '../support/images';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * A start on an existing database skips the work that database doesn't need (decision 107): the
 * migrator when no migration is pending, and the upgrades of old rows when there are none. These
 * tests check that the cheap checks standing in for them never skip what is needed.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Runs a statement on `db` (a transaction, say) and answers its rows, as both drivers do. */
function queryWith(db: Pick<Database['db'], 'execute'>) {
  return async (text: string) =>
    (await db.execute(sql.raw(text))) as unknown as { rows: { newest?: unknown }[] };
}

class RolledBack extends Error {}

describe('the check for pending migrations', () => {
  it('finds none on a migrated database', async () => {
    expect(await hasPendingMigrations(queryWith(database.db))).toBe(false);
  });

  it('finds one as soon as the record of the newest is missing, as the migrator would', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`
          delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
        `);
        expect(await hasPendingMigrations(queryWith(tx))).toBe(true);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await hasPendingMigrations(queryWith(database.db))).toBe(false);
  });

  it('counts a database that was never migrated (no table of migrations) as pending', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`drop schema drizzle cascade`);
        expect(await hasPendingMigrations(queryWith(tx))).toBe(true);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await hasPendingMigrations(queryWith(database.db))).toBe(false);
  });
});

describe('rows written by older versions', () => {
  it('are brought up to date before the app answers: usernames get their key, pictures move to the store', async () => {
    const [oldAccount] = await database.db
      .insert(users)
      .values({ username: 'EarlyBird', passwordHash: await hashPassword('early-pw'), role: 'organizer' })
      .returning();
    const truck = await createTruck(database.db);
    const dish = await createMenuItem(database.db, {
      foodTruckId: truck.id,
      legacyImageUrl: toDataUrl(makePng(40, 30, [200, 80, 10])),
    });

    const app = await createTestApp(database);
    try {
      const login = await new Agent(app).post('/api/login', { username: 'earlybird', password: 'early-pw' });
      expect(login.statusCode).toBe(200);
      expect(login.json().id).toBe(oldAccount!.id);
      const menu = (await app.inject({ url: `/api/menu-items/${truck.id}` })).json() as Array<{
        id: number;
        image: string | null;
      }>;
      expect(menu.find((item) => item.id === dish.id)?.image).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
      const [row] = await database.db.select().from(menuItems).where(eq(menuItems.id, dish.id));
      expect(row!.legacyImageUrl).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('the embedded database', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'keeps a page cache that PGlite zeroes at start in a few milliseconds, not 128MB of it',
    async () => {
      const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: Array<{ shared_buffers: string }>;
      };
      expect(rows[0]!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(PGLITE_SHARED_BUFFERS).toBe('64MB');
    },
  );
});

describe('what the start says it is doing (decision 112)', () => {
  it('knows its steps before it begins, so every step is numbered from the first', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'start-plan-'));
    try {
      expect(planServerStart({ database: { dataDir }, seedDemo: true })).toEqual({
        database: 'create',
        seedDemo: true,
        steps: 3,
      });
      expect(planServerStart({ database: { dataDir }, seedDemo: false })).toMatchObject({ steps: 2 });
      writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
      expect(planServerStart({ database: { dataDir }, seedDemo: true })).toEqual({
        database: 'open',
        seedDemo: false,
        steps: 2,
      });
      expect(planServerStart({ database: { url: 'postgres://db/x' }, seedDemo: false })).toEqual({
        database: 'connect',
        seedDemo: false,
        steps: 2,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('counts the demo data as it is added, after every account and every pre-order, up to its total', async () => {
    const fresh = await openTestDatabase();
    // No geocoder to be reached, as on a first start without internet.
    const app = await createTestApp(fresh, { geocoderUrl: 'http://127.0.0.1:9' });
    try {
      const reports: Array<[number, number]> = [];
      expect(await seedDemo(app.ctx, (done, total) => reports.push([done, total]))).toEqual({ seeded: true });
      const total = reports[0]![1];
      expect(reports.every(([, t]) => t === total)).toBe(true);
      expect(reports[0]![0]).toBe(0);
      expect(reports.at(-1)![0]).toBe(total);
      const done = reports.map(([d]) => d);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      // One report per account, menu, event, picture set, pre-order and the charges: never a long gap.
      expect(new Set(done).size).toBe(total + 1);
      const again: number[] = [];
      expect(await seedDemo(app.ctx, (d) => again.push(d))).toEqual({ seeded: false });
      expect(again).toEqual([]);
      // Offline (the geocoder is unreachable here), the demo's trucks are on the map and its places known
      // (decision 197).
      const near = await app.inject({ url: '/api/trucks?near=Austin%2C%20TX&within=50' });
      expect(near.statusCode, near.body).toBe(200);
      expect(near.json().trucks.map((t: { location: string }) => t.location)).toEqual([
        'Austin, TX',
        'Round Rock, TX',
      ]);
    } finally {
      await app.close();
      await fresh.close();
    }
  });
});
