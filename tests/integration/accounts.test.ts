import type { FastifyInstance } from 'fastify';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/auth/ensure-admin';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { accountTokens, outbox, users } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { DEMO_PASSWORD, demoLoginsInUse } from '../../src/server/seed/seed-demo';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/** Passwords, their change and reset, and e-mail confirmation (docs/decisions/120). */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;
const STRONG = 'violet-harbor-42';
const TOO_COMMON = 'This password is too common or has appeared in a data breach. Please choose another.';
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

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

/** The mails of one kind to one address, newest first. */
function mailsTo(address: string, kind: string) {
  return database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.recipient, address)))
    .orderBy(desc(outbox.id));
}

/** The token of the newest link of this kind mailed to this address. */
async function tokenMailedTo(address: string, kind: string): Promise<string> {
  const [mail] = await mailsTo(address, kind);
  if (!mail) throw new Error(`no ${kind} mail to ${address}`);
  return /#token=([\w-]+)/.exec(mail.textBody)![1]!;
}

async function signedIn(username: string, password: string, ip = '127.0.0.1') {
  const agent = new Agent(app, ip);
  await agent.login(username, password);
  return agent;
}

describe('new passwords', () => {
  it.each([
    ['short', 'Secret-12', 'invalid_request', 'Password must be at least 10 characters'],
    ['on the list of common and breached passwords', 'password123', 'password_too_common', TOO_COMMON],
    ['on the list, whatever its case', 'QwertyUiop', 'password_too_common', TOO_COMMON],
    ['one obvious run of characters', 'aaaaaaaaaaaa', 'invalid_request', TOO_COMMON],
    [
      'the username itself',
      'harbor-pilot',
      'password_is_username',
      'Your password must not be your username',
    ],
  ])('refuses one that is %s, with the message under the field', async (_, password, code, message) => {
    const res = await new Agent(app).post('/api/register', {
      username: 'harbor-pilot',
      password,
      role: 'organizer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code, message, errors: { password: message } });
    const [row] = await database.db.select().from(users).where(eq(users.username, 'harbor-pilot'));
    expect(row).toBeUndefined();
  });

  it('takes a long, uncommon one', async () => {
    const res = await new Agent(app).post('/api/register', {
      username: 'harbor-pilot',
      password: STRONG,
      role: 'organizer',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('e-mail confirmation', () => {
  it('mails a single-use link at sign-up, keeps only its hash, and confirms the address once', async () => {
    const agent = new Agent(app);
    const email = 'Confirm.Me@Example.com';
    const res = await agent.post('/api/register', {
      username: 'confirmer',
      password: STRONG,
      role: 'organizer',
      email,
    });
    expect(res.json()).toMatchObject({ contactEmail: email, emailVerified: false });
    const [mail] = await mailsTo(email, 'email-verification');
    expect(mail!.subject).toBe('Confirm your e-mail address');
    const token = await tokenMailedTo(email, 'email-verification');
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await database.db.select().from(accountTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    // Opened in another browser, without signing in.
    const confirmed = await new Agent(app).post('/api/account/verify-email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Thank you: your e-mail address is confirmed.');
    expect((await agent.get('/api/user')).json().emailVerified).toBe(true);

    const again = await new Agent(app).post('/api/account/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^This confirmation link has expired or was already used/);
  });

  it('works for 48 hours', async () => {
    const email = 'late@example.com';
    await new Agent(app).post('/api/register', {
      username: 'late',
      password: STRONG,
      role: 'organizer',
      email,
    });
    const token = await tokenMailedTo(email, 'email-verification');
    clock.advance(48 * HOUR + 1000);
    const res = await new Agent(app).post('/api/account/verify-email', { token });
    expect(res.statusCode).toBe(400);
  });

  it('resends a link to a signed-in user, three an hour, and says when there is nothing to confirm', async () => {
    expect((await new Agent(app).post('/api/account/verification-email')).statusCode).toBe(401);

    const noMail = new Agent(app);
    await noMail.post('/api/register', { username: 'nomail', password: STRONG, role: 'organizer' });
    const none = await noMail.post('/api/account/verification-email');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Add an e-mail address to your account first.');

    const email = 'resend@example.com';
    const agent = new Agent(app);
    await agent.post('/api/register', { username: 'resender', password: STRONG, role: 'organizer', email });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await agent.post('/api/account/verification-email')).statusCode);
    // The mail sent at sign-up counts: two more this hour, then a wait.
    expect(codes).toEqual([200, 200, 429]);
    expect(await mailsTo(email, 'email-verification')).toHaveLength(3);

    // Any of the links confirms the address; then there is nothing left to send.
    const token = await tokenMailedTo(email, 'email-verification');
    expect((await new Agent(app).post('/api/account/verify-email', { token })).statusCode).toBe(200);
    clock.advance(HOUR);
    const done = await agent.post('/api/account/verification-email');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('Your e-mail address is already confirmed.');
  });

  it('counts a new address in the profile as unconfirmed, and mails it a link', async () => {
    const truck = await createUser(database.db, {
      username: unique('truck'),
      role: 'foodtruck',
      businessName: 'Wok On',
      contactEmail: 'old@wok.example',
      password: STRONG,
    });
    const agent = await signedIn(truck.username, STRONG);
    expect((await agent.get('/api/user')).json().emailVerified).toBe(true);
    const res = await agent.patch(`/api/users/${truck.id}`, {
      businessName: 'Wok On',
      contactEmail: 'new@wok.example',
      currentPassword: STRONG,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contactEmail: 'new@wok.example', emailVerified: false });
    expect(await mailsTo('new@wok.example', 'email-verification')).toHaveLength(1);
    expect(await mailsTo('old@wok.example', 'email-changed')).toHaveLength(1);
  });

  it('mails strangers no more than ten links an hour, however often an address changes', async () => {
    const truck = await createUser(database.db, {
      username: unique('spammer'),
      role: 'foodtruck',
      businessName: 'Spam Van',
      password: STRONG,
    });
    const agent = await signedIn(truck.username, STRONG);
    for (let i = 0; i < 14; i++) {
      const res = await agent.patch(`/api/users/${truck.id}`, {
        businessName: 'Spam Van',
        contactEmail: `target${i}@example.com`,
        currentPassword: STRONG,
      });
      expect(res.statusCode).toBe(200);
    }
    const links = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'email-verification'), like(outbox.recipient, 'target%@example.com')));
    expect(links).toHaveLength(10);
  });
});

describe('changing the e-mail address', () => {
  it('asks for the password, tells the old address, and mails the new one a link to confirm it', async () => {
    const user = await createUser(database.db, {
      username: unique('mover'),
      password: STRONG,
      contactEmail: 'before@example.com',
    });
    const agent = await signedIn(user.username, STRONG);
    expect(
      (await new Agent(app).post('/api/account/email', { email: 'x@example.com', currentPassword: STRONG }))
        .statusCode,
    ).toBe(401);
    const wrong = await agent.post('/api/account/email', {
      email: 'after@example.com',
      currentPassword: 'not-my-password',
    });
    expect(wrong.json()).toEqual({
      code: 'current_password_wrong',
      message: 'Incorrect current password',
      errors: { currentPassword: 'Incorrect current password' },
    });
    const same = await agent.post('/api/account/email', {
      email: 'BEFORE@example.com',
      currentPassword: STRONG,
    });
    expect(same.json().errors.email).toBe('This is already the address of your account');

    const res = await agent.post('/api/account/email', {
      email: 'after@example.com',
      currentPassword: STRONG,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contactEmail: 'after@example.com', emailVerified: false });
    const [told] = await mailsTo('before@example.com', 'email-changed');
    expect(told!.textBody).toContain('was changed to after@example.com');
    // Reset links go to the new address once it is confirmed (decision 211), never to the old one.
    await new Agent(app, '10.47.0.1').post('/api/password-reset/request', { login: user.username });
    expect(await mailsTo('after@example.com', 'password-reset')).toHaveLength(0);
    const token = await tokenMailedTo('after@example.com', 'email-verification');
    expect((await new Agent(app).post('/api/account/verify-email', { token })).statusCode).toBe(200);
    expect((await agent.get('/api/user')).json().emailVerified).toBe(true);
    await new Agent(app, '10.47.0.1').post('/api/password-reset/request', { login: user.username });
    expect(await mailsTo('after@example.com', 'password-reset')).toHaveLength(1);
    expect(await mailsTo('before@example.com', 'password-reset')).toHaveLength(0);
  });

  it('lets an account without an address add one', async () => {
    const agent = new Agent(app);
    await agent.post('/api/register', { username: unique('late-mail'), password: STRONG, role: 'organizer' });
    const res = await agent.post('/api/account/email', {
      email: 'added@example.com',
      currentPassword: STRONG,
    });
    expect(res.json()).toMatchObject({ contactEmail: 'added@example.com', emailVerified: false });
    expect(await mailsTo('added@example.com', 'email-verification')).toHaveLength(1);
  });
});

describe('changing a password', () => {
  it('needs a signed-in user', async () => {
    const res = await new Agent(app).post('/api/account/password', {
      currentPassword: STRONG,
      newPassword: 'another-harbor-43',
    });
    expect(res.statusCode).toBe(401);
  });

  it('needs the current password and a new one that follows the rules', async () => {
    const user = await createUser(database.db, { username: unique('chg'), password: STRONG });
    const agent = await signedIn(user.username, STRONG);
    const wrong = await agent.post('/api/account/password', {
      currentPassword: 'not-my-password',
      newPassword: 'another-harbor-43',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'current_password_wrong',
      message: 'Incorrect current password',
      errors: { currentPassword: 'Incorrect current password' },
    });
    const common = await agent.post('/api/account/password', {
      currentPassword: STRONG,
      newPassword: 'password1234',
    });
    expect(common.json()).toEqual({
      code: 'password_too_common',
      message: TOO_COMMON,
      errors: { newPassword: TOO_COMMON },
    });
    const short = await agent.post('/api/account/password', {
      currentPassword: STRONG,
      newPassword: 'short-1',
    });
    expect(short.json().errors.newPassword).toBe('Password must be at least 10 characters');
    const same = await agent.post('/api/account/password', { currentPassword: STRONG, newPassword: STRONG });
    expect(same.json().errors.newPassword).toBe('Your new password must be different from the current one');
    // Nothing changed.
    await signedIn(user.username, STRONG);
  });

  it('ends every other session of the user, and keeps this one signed in under a new id', async () => {
    const user = await createUser(database.db, {
      username: unique('chg'),
      password: STRONG,
      contactEmail: 'changer@example.com',
    });
    const here = await signedIn(user.username, STRONG, '10.40.0.1');
    const phone = await signedIn(user.username, STRONG, '10.40.0.2');
    const laptop = await signedIn(user.username, STRONG, '10.40.0.3');
    const bystander = await createUser(database.db, { username: unique('other'), password: STRONG });
    const other = await signedIn(bystander.username, STRONG);
    const before = here.cookieHeader();

    const res = await here.post('/api/account/password', {
      currentPassword: STRONG,
      newPassword: 'another-harbor-43',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password was changed. Every other device was signed out.');
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await here.get('/api/user')).statusCode).toBe(200);
    expect(here.cookieHeader()).not.toBe(before);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: before } })).statusCode,
    ).toBe(401);
    expect((await other.get('/api/user')).statusCode).toBe(200);

    const old = await new Agent(app).post('/api/login', { username: user.username, password: STRONG });
    expect(old.statusCode).toBe(401);
    await signedIn(user.username, 'another-harbor-43');
    expect(await mailsTo('changer@example.com', 'password-changed')).toHaveLength(1);
  });

  it('stops a borrowed session guessing the current password after five tries', async () => {
    const user = await createUser(database.db, { username: unique('guess'), password: STRONG });
    const agent = await signedIn(user.username, STRONG);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        agent.post('/api/account/password', {
          currentPassword: `guess-number-${i}`,
          newPassword: 'another-harbor-43',
        }),
      ),
    );
    const codes = guesses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const refused = guesses.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits now.
    const right = await agent.post('/api/account/password', {
      currentPassword: STRONG,
      newPassword: 'another-harbor-43',
    });
    expect(right.statusCode).toBe(429);
    clock.advance(15 * 60 * 1000);
    expect(
      (
        await agent.post('/api/account/password', {
          currentPassword: STRONG,
          newPassword: 'another-harbor-43',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('resetting a forgotten password', () => {
  async function accountWithMail(prefix: string) {
    const username = unique(prefix);
    const email = `${username}@example.com`;
    const user = await createUser(database.db, { username, password: STRONG, contactEmail: email });
    return { user, email };
  }

  it('answers the same whether or not an account matches, and mails only a real one', async () => {
    const { user, email } = await accountWithMail('forgetful');
    const noMailUser = await createUser(database.db, { username: unique('nomail'), password: STRONG });
    const answers = [];
    for (const login of [
      user.username,
      email.toUpperCase(),
      'nobody-here',
      'nobody@example.com',
      noMailUser.username,
    ]) {
      const res = await new Agent(app, '10.41.0.1').post('/api/password-reset/request', { login });
      answers.push([res.statusCode, res.json()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify([200, { message: RESET_ANSWER }])]),
    );
    const mails = await mailsTo(email, 'password-reset');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Reset your Food Truck Fund password');
    expect(mails[0]!.textBody).toContain(`/reset-password#token=`);
    expect(await mailsTo('nobody@example.com', 'password-reset')).toHaveLength(0);
  });

  it('sets a new password with the link, once, and ends every session of the user', async () => {
    const { user, email } = await accountWithMail('resetter');
    const signedInElsewhere = await signedIn(user.username, STRONG, '10.42.0.9');
    await new Agent(app, '10.42.0.1').post('/api/password-reset/request', { login: user.username });
    const token = await tokenMailedTo(email, 'password-reset');

    // A refused password does not spend the link.
    const weak = await new Agent(app).post('/api/password-reset', { token, password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      code: 'password_too_common',
      message: TOO_COMMON,
      errors: { password: TOO_COMMON },
    });

    const res = await new Agent(app).post('/api/password-reset', { token, password: 'another-harbor-43' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password was reset. Please sign in with your new password.');
    expect((await signedInElsewhere.get('/api/user')).statusCode).toBe(401);
    await signedIn(user.username, 'another-harbor-43');
    expect(
      (await new Agent(app).post('/api/login', { username: user.username, password: STRONG })).statusCode,
    ).toBe(401);

    const replay = await new Agent(app).post('/api/password-reset', { token, password: 'third-harbor-44' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      code: 'reset_link_invalid',
      message: RESET_LINK_INVALID,
      errors: { token: RESET_LINK_INVALID },
    });
    expect(await mailsTo(email, 'password-changed')).toHaveLength(1);
  });

  it('lets exactly one of many simultaneous uses of a link through', async () => {
    const { user, email } = await accountWithMail('racer');
    await new Agent(app, '10.43.0.1').post('/api/password-reset/request', { login: user.username });
    const token = await tokenMailedTo(email, 'password-reset');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new Agent(app, `10.43.1.${i}`).post('/api/password-reset', {
          token,
          password: `racing-harbor-${i}0`,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('works for one hour, and a newer link or a reset retires the older ones', async () => {
    const { user, email } = await accountWithMail('slow');
    await new Agent(app, '10.44.0.1').post('/api/password-reset/request', { login: email });
    const first = await tokenMailedTo(email, 'password-reset');
    clock.advance(HOUR + 1000);
    expect(
      (await new Agent(app).post('/api/password-reset', { token: first, password: 'another-harbor-43' }))
        .statusCode,
    ).toBe(400);

    await new Agent(app, '10.44.0.1').post('/api/password-reset/request', { login: email });
    const second = await tokenMailedTo(email, 'password-reset');
    await new Agent(app, '10.44.0.1').post('/api/password-reset/request', { login: email });
    const third = await tokenMailedTo(email, 'password-reset');
    expect(
      (await new Agent(app).post('/api/password-reset', { token: third, password: 'another-harbor-43' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await new Agent(app).post('/api/password-reset', { token: second, password: 'third-harbor-44' }))
        .statusCode,
    ).toBe(400);
    await signedIn(user.username, 'another-harbor-43');
  });

  it('mails one account at most three links an hour, still answering alike', async () => {
    const { user, email } = await accountWithMail('popular');
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await new Agent(app, `10.45.0.${i}`).post('/api/password-reset/request', {
        login: user.username,
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(await mailsTo(email, 'password-reset')).toHaveLength(3);
    clock.advance(HOUR);
    await new Agent(app, '10.45.1.0').post('/api/password-reset/request', { login: user.username });
    expect(await mailsTo(email, 'password-reset')).toHaveLength(4);
  });

  it('takes ten requests an hour from one network address, then says how long to wait', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const res = await new Agent(app, '10.46.0.1').post('/api/password-reset/request', {
        login: `someone${i}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(10).fill(200), 429]);
    const refused = await new Agent(app, '10.46.0.1').post('/api/password-reset/request', { login: 'x' });
    expect(refused.json().message).toMatch(
      /^Too many password reset requests from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect(
      (await new Agent(app, '10.46.0.2').post('/api/password-reset/request', { login: 'x' })).statusCode,
    ).toBe(200);
  });

  it('refuses a malformed token with a message, not a 500', async () => {
    const res = await new Agent(app).post('/api/password-reset', { token: 'not a token!', password: STRONG });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBe('This link is not valid');
  });
});

describe('no default admin password', () => {
  const base = { DATA_DIR: '/tmp/foodtruck-accounts-test', SESSION_SECRET: 'x'.repeat(32) };

  it('refuses a short or common ADMIN_PASSWORD at start', async () => {
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'secret1' })).toThrow(
      'ADMIN_PASSWORD: Password must be at least 10 characters',
    );
    await expect(ensureAdmin(database.db, 'root', DEMO_PASSWORD)).rejects.toThrow(
      `The admin password is refused: ${TOO_COMMON}`,
    );
    const [root] = await database.db.select().from(users).where(eq(users.username, 'root'));
    expect(root).toBeUndefined();
    expect(await ensureAdmin(database.db, 'root', 'a-long-admin-secret-7')).toBe('created');
  });

  it('names on the start banner only demo logins that still open their account with the demo password', async () => {
    await createUser(database.db, { username: 'olivia', password: DEMO_PASSWORD });
    await createUser(database.db, { username: 'tacoloco', password: 'changed-by-owner-1' });
    const shown = await demoLoginsInUse(database.db);
    expect(shown.map((l) => l.username)).toEqual(['olivia']);
  });
});
