import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
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

describe('registration', () => {
  it('creates an account, signs it in, and never returns the password', async () => {
    const agent = new Agent(app);
    const res = await agent.post('/api/register', {
      username: 'newbie',
      password: 'violet-harbor-42',
      role: 'organizer',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: 'newbie', role: 'organizer' });
    expect(JSON.stringify(user)).not.toMatch(/password|violet-harbor|argon2/i);
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: 'newbie' });
  });

  it('keeps an optional e-mail for notifications, and checks it', async () => {
    const ok = await new Agent(app).post('/api/register', {
      username: 'mailme',
      password: 'violet-harbor-42',
      role: 'organizer',
      email: 'me@example.com',
    });
    expect(ok.json().contactEmail).toBe('me@example.com');
    const bad = await new Agent(app).post('/api/register', {
      username: 'mailbad',
      password: 'violet-harbor-42',
      role: 'organizer',
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBe('Invalid email address');
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await new Agent(app).post('/api/register', {
      username: 'cookie',
      password: 'violet-harbor-42',
      role: 'foodtruck',
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('answers 409 with a message for a taken username, whatever its case', async () => {
    await new Agent(app).post('/api/register', {
      username: 'Taken',
      password: 'violet-harbor-42',
      role: 'organizer',
    });
    const res = await new Agent(app).post('/api/register', {
      username: 'taken',
      password: 'violet-harbor-42',
      role: 'organizer',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username already exists');
  });

  it('refuses bad input with the documented messages', async () => {
    const agent = new Agent(app);
    const short = await agent.post('/api/register', {
      username: 'shorty',
      password: '123456789',
      role: 'organizer',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBe('Password must be at least 10 characters');
    const admin = await agent.post('/api/register', {
      username: 'eve',
      password: 'violet-harbor-42',
      role: 'admin',
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors.role).toBe('Please select your role');
    const missing = await agent.post('/api/register', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.username).toBe('Required');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await new Agent(app).request({
      method: 'POST',
      url: '/api/register',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });
});

describe('login and logout', () => {
  it('logs in, rotates the session id, and logs out for good', async () => {
    await createUser(database.db, { username: 'lena', password: 'hunter22' });
    const agent = new Agent(app);
    await agent.post('/api/register', {
      username: 'lena-guest-first',
      password: 'hunter-22-lena',
      role: 'organizer',
    });
    const before = agent.cookieHeader();
    const login = await agent.post('/api/login', { username: 'lena', password: 'hunter22' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: 'lena', role: 'organizer' });
    const after = agent.cookieHeader();
    expect(after).not.toBe(before);

    // The old session id no longer works.
    const replay = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: before } });
    expect(replay.statusCode).toBe(401);

    const stolen = after;
    expect((await agent.post('/api/logout')).statusCode).toBe(200);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    // Logout destroys the session on the server, not just the cookie.
    const reuse = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: stolen } });
    expect(reuse.statusCode).toBe(401);
  });

  it('answers a wrong password with 401 and a message', async () => {
    await createUser(database.db, { username: 'mark', password: 'correct1' });
    const res = await new Agent(app).post('/api/login', { username: 'mark', password: 'wrong11' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid username or password');
  });

  it('requires both fields', async () => {
    const res = await new Agent(app).post('/api/login', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });
  // Throttling of failed logins: tests/integration/login-throttle.test.ts.
});

describe('sessions', () => {
  it('answers 401 without a session and for a forged cookie', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const forged = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'sid=abc.def' } });
    expect(forged.statusCode).toBe(401);
  });

  it('expires sessions and sweeps them from the table', async () => {
    const agent = new Agent(app);
    await agent.post('/api/register', {
      username: 'sleeper',
      password: 'violet-harbor-42',
      role: 'organizer',
    });
    clock.advance(15 * 24 * 60 * 60 * 1000);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    await app.ctx.reconciler.runOnce();
    const left = await database.db.select().from(sessions);
    expect(left.every((s) => s.expire.getTime() > clock.now().getTime())).toBe(true);
  });
});

describe('baseline protections', () => {
  it('refuses a cross-origin write', async () => {
    const res = await new Agent(app).post(
      '/api/register',
      { username: 'csrf', password: 'violet-harbor-42', role: 'organizer' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-origin request refused');
  });

  it('refuses form-encoded and text bodies', async () => {
    const res = await new Agent(app).request({
      method: 'POST',
      url: '/api/login',
      payload: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    const text = await new Agent(app).request({
      method: 'POST',
      url: '/api/login',
      payload: '{"username":"a","password":"b"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await new Agent(app).post('/api/login', { username: 'x', password: 'y'.repeat(300 * 1024) });
    expect(res.statusCode).toBe(413);
  });

  it('sends security headers with a CSP and frames only the embeds', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Not found/);
  });
});
