import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMessageId } from '../../src/core/chat';
import { ensureAdmin } from '../../src/server/auth/ensure-admin';
import { CHAT_MAX_SOCKETS_PER_SESSION, CHAT_SESSION_ENDED_CODE } from '../../src/server/chat/chat-limits';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { ChatSocket } from '../support/chat-socket';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * A chat socket lives only as long as the session it was opened with: logout, expiry or a role
 * change closes it at once, on whichever instance it is. Two instances share one database, as in
 * chat-fanout.test.ts.
 */
let database: Database & { url?: string };
let secondHandle: Database | undefined;
const clock = createClock();
const instances: Array<{ app: FastifyInstance; baseUrl: string }> = [];
const open: ChatSocket[] = [];

async function startInstance(db: Database) {
  const app = await createTestApp(db, { now: clock.now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

beforeAll(async () => {
  database = await openTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : undefined;
  instances.push(await startInstance(database), await startInstance(secondHandle ?? database));
  await createUser(database.db, { username: 'support-cy', role: 'admin' });
  await createUser(database.db, { username: 'olga', role: 'organizer', password: 'olga-pw-1' });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
  clock.set(new Date());
});
afterAll(async () => {
  for (const { app } of instances) await app.close();
  await secondHandle?.close();
  await database.close();
});

const [first, second] = [() => instances[0]!, () => instances[1]!];

async function connect(instance: { app: FastifyInstance; baseUrl: string }, agent: Agent) {
  await agent.get('/api/chat/history');
  const socket = await ChatSocket.open(instance.baseUrl, {
    origin: instance.baseUrl,
    cookie: agent.cookieHeader(),
  });
  open.push(socket);
  return socket;
}

const message = (text: string) => ({
  id: createMessageId(),
  type: 'message',
  text,
  sender: 'Guest',
  timestamp: Date.now(),
});

/** The socket's close, which must come within `ms` of the call (the test's timeout ends a wait for none). */
async function closedWithin(socket: ChatSocket, ms: number) {
  const startedAt = performance.now();
  const closed = await socket.closed;
  expect(performance.now() - startedAt).toBeLessThan(ms);
  return closed;
}

describe('sockets end with their session', () => {
  it('an admin who logs out on one instance stops reading and answering on the other at once', async () => {
    const admin = new Agent(first().app);
    await admin.login('support-cy');
    const adminSocket = await connect(second(), admin);
    const guestSocket = await connect(first(), new Agent(first().app));

    guestSocket.send(message('before logout'));
    await adminSocket.next((m) => m.text === 'before logout');

    expect((await admin.post('/api/logout')).statusCode).toBe(200);
    expect(await closedWithin(adminSocket, 2000)).toEqual({
      code: CHAT_SESSION_ENDED_CODE,
      reason: 'Session ended',
    });

    guestSocket.send(message('after logout'));
    await guestSocket.next((m) => m.text === 'after logout');
    expect(adminSocket.received.some((m) => m.text === 'after logout')).toBe(false);
  });

  it('closes the sockets of an expired session when the sweep removes it', async () => {
    const guest = new Agent(second().app);
    const socket = await connect(second(), guest);
    clock.advance(15 * 24 * 60 * 60 * 1000);
    await first().app.ctx.reconciler.runOnce();
    expect(await closedWithin(socket, 2000)).toMatchObject({ code: CHAT_SESSION_ENDED_CODE });
    // Reopening needs a new session: the old cookie is refused before the upgrade.
    expect(
      await ChatSocket.refusal(second().baseUrl, { origin: second().baseUrl, cookie: guest.cookieHeader() }),
    ).toBe(401);
  });

  it('closes a user’s sockets when their role changes', async () => {
    const olga = new Agent(first().app);
    await olga.login('olga', 'olga-pw-1');
    const socket = await connect(second(), olga);
    await ensureAdmin(database.db, 'olga', 'olga-admin-pw-2');
    expect(await closedWithin(socket, 2000)).toMatchObject({ code: CHAT_SESSION_ENDED_CODE });
  });

  it('refuses a frame from a session that ended even if no notification arrived', async () => {
    const guest = new Agent(first().app);
    const socket = await connect(first(), guest);
    // Delete the session row behind the app's back: no NOTIFY is sent.
    const sid = decodeURIComponent(guest.cookieHeader().split('sid=')[1]!).split('.')[0]!;
    const { sessions } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await database.db.delete(sessions).where(eq(sessions.sid, sid));
    socket.send(message('ghost'));
    expect(await closedWithin(socket, 2000)).toMatchObject({ code: CHAT_SESSION_ENDED_CODE });
  });
});

describe('socket caps', () => {
  it(`allows ${CHAT_MAX_SOCKETS_PER_SESSION} sockets per browser session, then answers 429`, async () => {
    const guest = new Agent(first().app);
    for (let i = 0; i < CHAT_MAX_SOCKETS_PER_SESSION; i++) await connect(first(), guest);
    expect(
      await ChatSocket.refusal(first().baseUrl, { origin: first().baseUrl, cookie: guest.cookieHeader() }),
    ).toBe(429);
    // Another browser is not affected.
    await connect(first(), new Agent(first().app));
  });
});
