import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CEILING, IP_FREE_FAILURES } from '../../src/core/login-throttle';
import { hashPassword } from '../../src/server/auth/passwords';
import { backfillUsernameKeys } from '../../src/server/auth/username-keys';
import type { Database } from '../../src/server/db/client';
import { rateLimits, users } from '../../src/server/db/schema';
import { createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  clock.set('2026-11-21T12:00:00Z');
  await database.db.delete(rateLimits);
});

const login = (ip: string, username: string, password: string) =>
  new Agent(app, ip).post('/api/login', { username, password });

describe('a stranger cannot lock a user out', () => {
  it('the owner signs in from their own address while strangers hammer the account', async () => {
    const truck = await createTruck(database.db, { username: 'tacotruck', password: 'the-real-one' });

    // One stranger hammers from a single address; it is slowed down at once.
    const hammer = [];
    for (let i = 0; i < 25; i++)
      hammer.push((await login('203.0.113.9', 'tacotruck', `guess${i}`)).statusCode);
    expect(hammer.slice(0, 3)).toEqual([401, 401, 401]);
    expect(hammer.filter((s) => s === 401).length).toBe(3);
    expect(hammer.filter((s) => s === 429).length).toBe(22);

    // Strangers on many addresses push the account far past its ceiling.
    for (let i = 0; i < ACCOUNT_CEILING + 20; i++) {
      const res = await login(`198.51.${Math.floor(i / 200)}.${i % 200}`, 'TacoTruck', `guess${i}`);
      expect(res.statusCode).toBe(401);
    }

    // The owner, from home, makes two typos and then gets it right: in at once.
    expect((await login('192.0.2.50', 'tacotruck', 'typo-one')).statusCode).toBe(401);
    expect((await login('192.0.2.50', 'tacotruck', 'typo-two')).statusCode).toBe(401);
    const owner = await login('192.0.2.50', 'tacotruck', 'the-real-one');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().id).toBe(truck.id);

    // And from a phone on another network, first try.
    expect((await login('100.64.7.7', 'tacotruck', 'the-real-one')).statusCode).toBe(200);

    // The hammering address, even with the right password, waits out the window.
    clock.advance(5 * 60 * 1000);
    const hammerer = await login('203.0.113.9', 'tacotruck', 'the-real-one');
    expect(hammerer.statusCode).toBe(429);
    expect(hammerer.json().message).toMatch(
      /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(hammerer.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('slows an address down progressively, per username, and says for how long', async () => {
    await createUser(database.db, { username: 'marta', password: 'correct-horse' });
    for (let i = 0; i < 3; i++) expect((await login('10.1.1.1', 'marta', 'nope')).statusCode).toBe(401);
    const waits: string[] = [];
    for (const expected of [1, 2, 4, 8]) {
      const refused = await login('10.1.1.1', 'marta', 'correct-horse');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(expected));
      waits.push(refused.json().message);
      clock.advance(expected * 1000);
      expect((await login('10.1.1.1', 'marta', 'nope')).statusCode).toBe(401);
    }
    expect(waits[0]).toBe('Too many failed login attempts. Please try again in 1 second.');
    expect(waits[1]).toBe('Too many failed login attempts. Please try again in 2 seconds.');
    // Another username from the same address is not slowed by marta's failures.
    await createUser(database.db, { username: 'neighbour', password: 'pw-neighbour' });
    expect((await login('10.1.1.1', 'neighbour', 'pw-neighbour')).statusCode).toBe(200);
    // Once the wait is over, the right password works and clears the slate.
    clock.advance(16_000);
    expect((await login('10.1.1.1', 'marta', 'correct-horse')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('10.1.1.1', 'marta', 'nope')).statusCode).toBe(401);
  });

  it('lets only a few of a burst of parallel guesses reach the password check', async () => {
    await createUser(database.db, { username: 'burst', password: 'correct-burst' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('10.2.2.2', 'burst', `parallel${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(17);
  });

  it('slows an address trying many usernames by at most a minute, so people behind it still get in', async () => {
    await createUser(database.db, { username: 'officemate', password: 'office-pw' });
    for (let i = 0; i < IP_FREE_FAILURES; i++) await login('10.3.3.3', `nobody${i}`, 'nope');
    const sprayed = await login('10.3.3.3', 'nobody-else', 'nope');
    expect(sprayed.statusCode).toBe(429);
    expect(Number(sprayed.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(60_000);
    expect((await login('10.3.3.3', 'officemate', 'office-pw')).statusCode).toBe(200);
  });
});

describe('usernames are one name however they are typed', () => {
  it('folds case and compatibility forms once, at registration and at login', async () => {
    const created = await new Agent(app).post('/api/register', {
      username: 'Straße',
      password: 'secret-strasse',
      role: 'organizer',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().username).toBe('Straße');
    expect((await login('10.4.4.4', 'STRASSE', 'secret-strasse')).statusCode).toBe(200);
    expect((await login('10.4.4.4', 'ｓｔｒａｓｓｅ', 'secret-strasse')).statusCode).toBe(200);
    const twin = await new Agent(app).post('/api/register', {
      username: 'STRASSE',
      password: 'secret-other',
      role: 'foodtruck',
    });
    expect(twin.statusCode).toBe(409);
  });

  it('does not let a dotted capital İ sign in as the plain name, nor share its budget', async () => {
    await createUser(database.db, { username: 'ilker', password: 'ilker-pw' });
    expect((await login('10.5.5.5', 'İlker', 'ilker-pw')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) await login('10.5.5.5', 'İLKER', 'nope');
    // The failures above were counted for "i̇lker"; the plain name has its whole budget.
    expect((await login('10.5.5.5', 'ILKER', 'ilker-pw')).statusCode).toBe(200);
  });

  it('fills the normalized name of accounts created before it existed', async () => {
    const [old] = await database.db
      .insert(users)
      .values({ username: 'OldTimer', passwordHash: await hashPassword('old-pw'), role: 'organizer' })
      .returning();
    const [clash] = await database.db
      .insert(users)
      .values({ username: 'ＯｌｄＴｉｍｅｒ', passwordHash: await hashPassword('old-pw'), role: 'organizer' })
      .returning();
    expect(await backfillUsernameKeys(database.db)).toEqual({ filled: 2, clashes: 1 });
    const login1 = await login('10.6.6.6', 'oldtimer', 'old-pw');
    expect(login1.statusCode).toBe(200);
    expect(login1.json().id).toBe(old!.id);
    const [row] = await database.db.select().from(users).where(eq(users.id, clash!.id));
    expect(row!.usernameKey).toBe(`oldtimer#${clash!.id}`);
  });
});
