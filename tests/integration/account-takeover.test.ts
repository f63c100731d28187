import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/auth/ensure-admin';
import { DEMO_DATA_REFUSED, loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { outbox, users } from '../../src/server/db/schema';
import { createTruck, createUser } from '../../src/server/seed/factories';
import { updateProfile } from '../../src/server/trucks/update-profile';
import { profilePatchSchema } from '../../src/contract/trucks';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * An attacker holding someone's session (a borrowed laptop, a stolen cookie) but not their password
 * tries to take the account for good: move its recovery mail, get a reset link, reuse an old one
 * (decision 211).
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'violet-harbor-42';
const ATTACKER = 'mallory@evil.example';
const ASK_PASSWORD =
  'Enter your current password to change your e-mail address: password reset links go there';
const RESET_ANSWER =
  "If an account matches, we've e-mailed a link to reset its password. The link works for 1 hour.";
const RESET_LINK_INVALID = 'This reset link has expired or was already used. Please ask for a new one.';

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.advance(2 * 60 * 60 * 1000));

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;
/** Each request for a reset from an address of its own: the per-address limit is not under test here. */
const fromNowhere = () => new Agent(app, `10.211.${Math.floor(seq / 200)}.${++seq % 200}`);

function mailsTo(address: string, kind?: string) {
  return database.db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.kind, kind), eq(outbox.recipient, address)) : eq(outbox.recipient, address))
    .orderBy(desc(outbox.id));
}

async function tokenMailedTo(address: string, kind: string): Promise<string> {
  const [mail] = await mailsTo(address, kind);
  if (!mail) throw new Error(`no ${kind} mail to ${address}`);
  return /#token=([\w-]+)/.exec(mail.textBody)![1]!;
}

async function signedIn(username: string, password = PASSWORD) {
  const agent = new Agent(app);
  await agent.login(username, password);
  return agent;
}

async function stored(id: number) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function askReset(login: string) {
  const res = await fromNowhere().post('/api/password-reset/request', { login });
  expect(res.json()).toEqual({ message: RESET_ANSWER });
}

describe('a stolen session cannot move the recovery mail', () => {
  it.each(['organizer', 'foodtruck', 'admin'] as const)(
    'of an %s: no new, changed or removed address without the password, on any route',
    async (role) => {
      const email = `${unique(role)}@owner.example`;
      const owner =
        role === 'foodtruck'
          ? await createTruck(database.db, {
              username: unique('truck'),
              password: PASSWORD,
              contactEmail: email,
            })
          : await createUser(database.db, {
              username: unique(role),
              role,
              password: PASSWORD,
              contactEmail: email,
            });
      const thief = await signedIn(owner.username);
      const profile = role === 'foodtruck' ? { businessName: owner.businessName } : {};

      for (const contactEmail of [ATTACKER, '', null]) {
        const res = await thief.patch(`/api/users/${owner.id}`, { ...profile, contactEmail });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'current_password_required',
          message: ASK_PASSWORD,
          errors: { currentPassword: ASK_PASSWORD },
        });
      }
      const guessed = await thief.patch(`/api/users/${owner.id}`, {
        ...profile,
        contactEmail: ATTACKER,
        currentPassword: 'password123',
      });
      expect(guessed.json()).toEqual({
        code: 'current_password_wrong',
        message: 'Incorrect current password',
        errors: { currentPassword: 'Incorrect current password' },
      });
      const account = await thief.post('/api/account/email', { email: ATTACKER });
      expect(account.statusCode).toBe(400);
      expect(account.json().errors).toHaveProperty('currentPassword');

      expect((await stored(owner.id)).contactEmail).toBe(email);
      expect(await mailsTo(ATTACKER)).toHaveLength(0);
      // The reset the thief then asks for goes to the owner, who is warned.
      await askReset(owner.username);
      expect(await mailsTo(ATTACKER)).toHaveLength(0);
      expect(await mailsTo(email, 'password-reset')).toHaveLength(1);
    },
  );

  it('lets a form send the address it already has (in another case) without the password', async () => {
    const truck = await createTruck(database.db, {
      username: unique('truck'),
      password: PASSWORD,
      contactEmail: 'same@truck.example',
    });
    const agent = await signedIn(truck.username);
    const res = await agent.patch(`/api/users/${truck.id}`, {
      businessName: 'Renamed Tacos',
      contactEmail: 'Same@Truck.EXAMPLE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ businessName: 'Renamed Tacos', emailVerified: true });
    expect(await mailsTo('same@truck.example', 'email-changed')).toHaveLength(0);
  });

  it('counts guesses of the password through the profile with those of every other form: five, then a wait', async () => {
    const owner = await createUser(database.db, {
      username: unique('guessed'),
      password: PASSWORD,
      contactEmail: 'guessed@owner.example',
    });
    const thief = await signedIn(owner.username);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? thief.patch(`/api/users/${owner.id}`, {
              contactEmail: ATTACKER,
              currentPassword: `guess-${i}-abc`,
            })
          : thief.post('/api/account/email', { email: ATTACKER, currentPassword: `guess-${i}-abc` }),
      ),
    );
    expect(guesses.map((r) => r.statusCode).sort()).toEqual([
      400, 400, 400, 400, 400, 429, 429, 429, 429, 429,
    ]);
    // Even the right password waits now.
    const right = await thief.patch(`/api/users/${owner.id}`, {
      contactEmail: ATTACKER,
      currentPassword: PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect((await stored(owner.id)).contactEmail).toBe('guessed@owner.example');
  });
});

describe('reset links go only to a confirmed address', () => {
  it('sends none to an address typed at sign-up until it is confirmed, and answers alike meanwhile', async () => {
    const username = unique('fresh');
    const email = `${username}@new.example`;
    await new Agent(app).post('/api/register', { username, password: PASSWORD, role: 'organizer', email });
    await askReset(username);
    await askReset(email);
    expect(await mailsTo(email, 'password-reset')).toHaveLength(0);

    const token = await tokenMailedTo(email, 'email-verification');
    expect((await new Agent(app).post('/api/account/verify-email', { token })).statusCode).toBe(200);
    await askReset(email);
    expect(await mailsTo(email, 'password-reset')).toHaveLength(1);
  });

  it("never mails a link for an account that merely typed someone else's address", async () => {
    const victimEmail = `${unique('victim')}@owner.example`;
    const victim = await createUser(database.db, {
      username: unique('victim'),
      password: PASSWORD,
      contactEmail: victimEmail,
    });
    // The attacker signs up with the victim's address: unconfirmed, it brings no link.
    const username = unique('squatter');
    await new Agent(app).post('/api/register', {
      username,
      password: PASSWORD,
      role: 'organizer',
      email: victimEmail.toUpperCase(),
    });
    await askReset(victimEmail);
    const links = await mailsTo(victimEmail, 'password-reset');
    expect(links).toHaveLength(1);
    expect(links[0]!.textBody).toContain(`"${victim.username}"`);
    expect(links[0]!.textBody).not.toContain(username);
  });

  it('sends none to a new address until it is confirmed, and none to the old one after the change', async () => {
    const owner = await createUser(database.db, {
      username: unique('mover'),
      password: PASSWORD,
      contactEmail: 'first@owner.example',
    });
    const agent = await signedIn(owner.username);
    const moved = await agent.post('/api/account/email', {
      email: 'second@owner.example',
      currentPassword: PASSWORD,
    });
    expect(moved.json()).toMatchObject({ contactEmail: 'second@owner.example', emailVerified: false });
    await askReset(owner.username);
    await askReset('first@owner.example');
    await askReset('second@owner.example');
    expect(await mailsTo('first@owner.example', 'password-reset')).toHaveLength(0);
    expect(await mailsTo('second@owner.example', 'password-reset')).toHaveLength(0);
  });
});

describe('changing the address', () => {
  async function ownerWithLink(prefix: string) {
    const email = `${unique(prefix)}@owner.example`;
    const owner = await createUser(database.db, {
      username: unique(prefix),
      role: 'foodtruck',
      businessName: 'Link Tacos',
      password: PASSWORD,
      contactEmail: email,
    });
    await askReset(owner.username);
    return { owner, email, link: await tokenMailedTo(email, 'password-reset') };
  }

  it.each([
    ['the Account page', 'account'],
    ['the profile', 'profile'],
  ] as const)('on %s voids every reset link already sent, and tells the old address', async (_, where) => {
    const { owner, email, link } = await ownerWithLink(where);
    await askReset(email);
    const second = await tokenMailedTo(email, 'password-reset');
    const agent = await signedIn(owner.username);
    const res =
      where === 'account'
        ? await agent.post('/api/account/email', { email: 'next@owner.example', currentPassword: PASSWORD })
        : await agent.patch(`/api/users/${owner.id}`, {
            businessName: 'Link Tacos',
            contactEmail: 'next@owner.example',
            currentPassword: PASSWORD,
          });
    expect(res.statusCode).toBe(200);

    for (const token of [link, second]) {
      const reset = await new Agent(app).post('/api/password-reset', { token, password: 'taken-over-pw-1' });
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toEqual({
        code: 'reset_link_invalid',
        message: RESET_LINK_INVALID,
        errors: { token: RESET_LINK_INVALID },
      });
    }
    await signedIn(owner.username);
    const [told] = await mailsTo(email, 'email-changed');
    expect(told!.subject).toBe('The e-mail address of your Food Truck Fund account was changed');
    expect(told!.textBody).toContain('was changed to next@owner.example');
    expect(told!.textBody).toContain('Any reset link we sent here no longer works.');
  });

  it('voids the links and tells the old address when the address is removed', async () => {
    const { owner, email, link } = await ownerWithLink('remover');
    const agent = await signedIn(owner.username);
    const res = await agent.patch(`/api/users/${owner.id}`, {
      businessName: 'Link Tacos',
      contactEmail: '',
      currentPassword: PASSWORD,
    });
    expect(res.json()).toMatchObject({ contactEmail: null, emailVerified: false });
    expect(
      (await new Agent(app).post('/api/password-reset', { token: link, password: 'taken-over-pw-1' }))
        .statusCode,
    ).toBe(400);
    const [told] = await mailsTo(email, 'email-changed');
    expect(told!.subject).toBe('The e-mail address of your Food Truck Fund account was removed');
  });

  it('voids a link even when the address moved behind the app (a link works only for the confirmed address it went to)', async () => {
    const { owner, link } = await ownerWithLink('direct');
    await database.db
      .update(users)
      .set({ contactEmail: 'elsewhere@owner.example' })
      .where(eq(users.id, owner.id));
    expect(
      (await new Agent(app).post('/api/password-reset', { token: link, password: 'taken-over-pw-1' }))
        .statusCode,
    ).toBe(400);
  });

  it('does not let a stale profile form put the old address back without the password', async () => {
    const owner = await createTruck(database.db, {
      username: unique('stale'),
      password: PASSWORD,
      contactEmail: 'old@stale.example',
    });
    const thief = await signedIn(owner.username);
    const agent = await signedIn(owner.username);
    // The thief's profile form still holds the old address; the owner moves it with the password.
    await agent.patch(`/api/users/${owner.id}`, {
      businessName: owner.businessName,
      contactEmail: 'new@stale.example',
      currentPassword: PASSWORD,
    });
    const stale = await thief.patch(`/api/users/${owner.id}`, {
      businessName: owner.businessName,
      contactEmail: 'old@stale.example',
    });
    expect(stale.statusCode).toBe(400);
    expect((await stored(owner.id)).contactEmail).toBe('new@stale.example');
  });

  it('keeps the move when a stale form read the account before it and writes after it', async () => {
    const owner = await createTruck(database.db, {
      username: unique('racer'),
      password: PASSWORD,
      contactEmail: 'old@race.example',
    });
    // The interleaving a race can give: the thief's request read the account (old address, so no
    // password asked), then the owner's move committed, then the thief's write lands.
    const readByThief = await stored(owner.id);
    const agent = await signedIn(owner.username);
    const move = await agent.patch(`/api/users/${owner.id}`, {
      businessName: owner.businessName,
      contactEmail: 'new@race.example',
      currentPassword: PASSWORD,
    });
    expect(move.statusCode).toBe(200);
    const written = await updateProfile(
      database.db,
      readByThief,
      profilePatchSchema.parse({ businessName: 'Stale Form', contactEmail: 'old@race.example' }),
      clock.now(),
    );
    expect(written).toMatchObject({ businessName: 'Stale Form', contactEmail: 'new@race.example' });
  });
});

describe('an admin', () => {
  it('without an address gets no reset link; the operator resets the password, and the thief is out', async () => {
    const username = unique('root');
    expect(await ensureAdmin(database.db, username, PASSWORD)).toBe('created');
    const [admin] = await database.db.select().from(users).where(eq(users.username, username));
    expect(admin!.contactEmail).toBeNull();
    const thief = await signedIn(username);
    await askReset(username);
    expect(
      await database.db.select().from(outbox).where(eq(outbox.kind, 'password-reset')),
    ).not.toContainEqual(expect.objectContaining({ textBody: expect.stringContaining(`"${username}"`) }));

    // The thief cannot give the admin an address of theirs.
    const added = await thief.patch(`/api/users/${admin!.id}`, { contactEmail: ATTACKER });
    expect(added.statusCode).toBe(400);
    expect((await stored(admin!.id)).contactEmail).toBeNull();

    // The same password again (ADMIN_PASSWORD at each start) changes nothing.
    expect(await ensureAdmin(database.db, username, PASSWORD)).toBe('unchanged');
    expect((await thief.get('/api/user')).statusCode).toBe(200);

    // The operator's command: a new password, every session ended.
    expect(await ensureAdmin(database.db, username, 'operator-set-pw-9')).toBe('updated');
    expect((await thief.get('/api/user')).statusCode).toBe(401);
    expect((await new Agent(app).post('/api/login', { username, password: PASSWORD })).statusCode).toBe(401);
    await signedIn(username, 'operator-set-pw-9');
  });

  it('with an address it has not confirmed gets no reset link either', async () => {
    const username = unique('root');
    await ensureAdmin(database.db, username, PASSWORD);
    const agent = await signedIn(username);
    const res = await agent.post('/api/account/email', {
      email: 'ops@admin.example',
      currentPassword: PASSWORD,
    });
    expect(res.json()).toMatchObject({ role: 'admin', emailVerified: false });
    await askReset(username);
    await askReset('ops@admin.example');
    expect(await mailsTo('ops@admin.example', 'password-reset')).toHaveLength(0);

    const token = await tokenMailedTo('ops@admin.example', 'email-verification');
    await new Agent(app).post('/api/account/verify-email', { token });
    await askReset(username);
    expect(await mailsTo('ops@admin.example', 'password-reset')).toHaveLength(1);
  });
});

describe('the session', () => {
  const https = { 'x-forwarded-proto': 'https', origin: 'https://localhost:80' };
  let proxied: FastifyInstance;
  beforeAll(async () => {
    proxied = await createTestApp(database, { now: clock.now, trustProxy: true });
  });
  afterAll(() => proxied.close());

  it('travels in a __Host- cookie over HTTPS, and a plain sid there opens nothing', async () => {
    const owner = await createUser(database.db, { username: unique('cookie'), password: PASSWORD });
    const login = await proxied.inject({
      method: 'POST',
      url: '/api/login',
      headers: https,
      payload: { username: owner.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const [cookie] = login.cookies as Array<{
      name: string;
      value: string;
      secure?: boolean;
      path?: string;
      domain?: string;
    }>;
    expect(cookie).toMatchObject({ name: '__Host-sid', secure: true, path: '/' });
    expect(cookie!.domain).toBeUndefined();
    const mine = await proxied.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...https, cookie: `__Host-sid=${cookie!.value}` },
    });
    expect(mine.json()).toMatchObject({ username: owner.username });
    // The same session under the plain name (what a neighbouring subdomain or a plain-HTTP page can set).
    const planted = await proxied.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...https, cookie: `sid=${cookie!.value}` },
    });
    expect(planted.statusCode).toBe(401);

    // Over plain HTTP (local development) the name stays `sid`, without Secure.
    const local = await new Agent(app).post('/api/login', { username: owner.username, password: PASSWORD });
    expect(local.cookies).toContainEqual(expect.objectContaining({ name: 'sid' }));
    expect((local.cookies as Array<{ secure?: boolean }>)[0]!.secure).toBeFalsy();
    const logout = await proxied.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...https, cookie: `__Host-sid=${cookie!.value}` },
    });
    expect(logout.cookies).toContainEqual(
      expect.objectContaining({ name: '__Host-sid', value: '', secure: true }),
    );
  });

  it('ends 30 days after sign-in however active it is, beside its 14 idle days', async () => {
    const owner = await createUser(database.db, { username: unique('active'), password: PASSWORD });
    const agent = await signedIn(owner.username);
    // Used every other day: the idle lifetime alone would keep it for ever.
    for (let day = 2; day < 30; day += 2) {
      clock.advance(2 * DAY);
      expect((await agent.get('/api/user')).statusCode).toBe(200);
    }
    clock.advance(2 * DAY - 60_000);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    // Signing in again starts a new one.
    expect((await signedIn(owner.username).then((a) => a.get('/api/user'))).statusCode).toBe(200);
  });

  it('still ends after 14 idle days', async () => {
    const owner = await createUser(database.db, { username: unique('idle'), password: PASSWORD });
    const agent = await signedIn(owner.username);
    clock.advance(14 * DAY + 1000);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('takes its absolute lifetime from SESSION_MAX_AGE_DAYS', () => {
    const base = { DATA_DIR: '/tmp/foodtruck-takeover-test', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).sessionMaxAgeDays).toBe(30);
    expect(loadConfig({ ...base, SESSION_MAX_AGE_DAYS: '7' }).sessionMaxAgeDays).toBe(7);
    expect(() => loadConfig({ ...base, SESSION_MAX_AGE_DAYS: '0' })).toThrow(/SESSION_MAX_AGE_DAYS/);
  });
});

describe('production', () => {
  const production = {
    DATA_DIR: '/tmp/foodtruck-takeover-test',
    SESSION_SECRET: 'x'.repeat(32),
    NODE_ENV: 'production',
    ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: 'true',
    PUBLIC_URL: 'https://trucks.example.org',
    ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION: 'true',
  };

  it('never adds the demo accounts, even on the embedded database, and refuses to be told to', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(DEMO_DATA_REFUSED);
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).seedDemo).toBe(true);
  });
});
