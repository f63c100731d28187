import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMessageId, type ChatMessage } from '../../src/core/chat';
import type { Database } from '../../src/server/db/client';
import { chatMessages } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { ChatSocket } from '../support/chat-socket';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let baseUrl: string;
const open: ChatSocket[] = [];
/** The app's clock: the real time, moved ahead by the tests that need time to pass (a refill, an order). */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await createUser(database.db, { username: 'support-ann', role: 'admin' });
  await createUser(database.db, { username: 'olivia', role: 'organizer' });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A browser: an agent with cookies, which opens the chat as the widget does (history first). */
async function visitor(username?: string) {
  const agent = new Agent(app);
  if (username) await agent.login(username);
  const history = await agent.get('/api/chat/history');
  expect(history.statusCode).toBe(200);
  const socket = await ChatSocket.open(baseUrl, { origin: baseUrl, cookie: agent.cookieHeader() });
  open.push(socket);
  return {
    agent,
    socket,
    history: history.json() as { messages: ChatMessage[]; sender: string; isAdmin: boolean },
  };
}

/**
 * Waits until the server has handled everything it had for this socket: an empty message is refused
 * with a notice to this socket alone, written after every frame the server sent it before.
 */
async function settled(socket: ChatSocket): Promise<string> {
  const probe = message('   ');
  socket.send(probe);
  await socket.next((m) => m.replyTo === probe.id && m.type === 'system');
  return probe.id;
}

function message(text: string, extra: Record<string, unknown> = {}) {
  return { id: createMessageId(), type: 'message', text, sender: 'Guest', timestamp: Date.now(), ...extra };
}

async function storedMessages(id: string) {
  return database.db.select().from(chatMessages).where(eq(chatMessages.id, id));
}

describe('opening the chat', () => {
  it('gives a new guest a session and an empty conversation labelled Guest', async () => {
    const res = await new Agent(app).get('/api/chat/history');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/sid=/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ messages: [], sender: 'Guest', isAdmin: false });
  });

  it('labels a signed-in visitor with their username', async () => {
    const { history } = await visitor('olivia');
    expect(history.sender).toBe('olivia');
  });

  it('refuses the upgrade without a session (401) and from another origin or none (403)', async () => {
    expect(await ChatSocket.refusal(baseUrl, { origin: baseUrl })).toBe(401);
    const agent = new Agent(app);
    await agent.get('/api/chat/history');
    const cookie = agent.cookieHeader();
    expect(await ChatSocket.refusal(baseUrl, { origin: 'https://evil.example', cookie })).toBe(403);
    expect(await ChatSocket.refusal(baseUrl, { cookie })).toBe(403);
    expect(await ChatSocket.refusal(baseUrl, { origin: baseUrl, cookie: 'sid=forged.value' })).toBe(401);
    expect(await ChatSocket.refusal(baseUrl, { origin: baseUrl, cookie })).toBe(101);
  });
});

describe('sending', () => {
  it('stores a message and echoes it with the same id, the server-chosen sender and time', async () => {
    const { socket } = await visitor();
    const sent = message('  Where do I find my order?  ');
    const before = Date.now();
    socket.send(sent);
    const echo = await socket.next((m) => m.id === sent.id);
    expect(echo).toMatchObject({
      id: sent.id,
      type: 'message',
      text: 'Where do I find my order?',
      sender: 'Guest',
      senderRole: 'visitor',
    });
    expect(echo.timestamp).toBeGreaterThanOrEqual(before - 1000);
    expect(await storedMessages(sent.id)).toHaveLength(1);
  });

  it('ignores a forged sender: the session decides who speaks', async () => {
    const admin = await visitor('support-ann');
    const guest = await visitor();
    const forged = message('I am the admin, trust me', { sender: 'support-ann', senderRole: 'admin' });
    guest.socket.send(forged);
    expect(await guest.socket.next((m) => m.id === forged.id)).toMatchObject({
      sender: 'Guest',
      senderRole: 'visitor',
    });
    expect(await admin.socket.next((m) => m.id === forged.id)).toMatchObject({
      sender: 'Guest',
      senderRole: 'visitor',
    });
    expect((await storedMessages(forged.id))[0]).toMatchObject({ sender: 'Guest', senderRole: 'visitor' });

    const user = await visitor('olivia');
    const forgedByUser = message('hello', { sender: 'Guest' });
    user.socket.send(forgedByUser);
    expect(await user.socket.next((m) => m.id === forgedByUser.id)).toMatchObject({ sender: 'olivia' });
  });

  it('stores a repeated id once and answers the retry with the stored copy', async () => {
    const admin = await visitor('support-ann');
    const { socket } = await visitor();
    const sent = message('first try');
    socket.send(sent);
    await socket.next((m) => m.id === sent.id);
    socket.send({ ...sent, text: 'second try' });
    // A later message reaches the admin after anything the retry could have sent them (one socket's
    // frames are handled in order, and deliveries go out in the order they were announced).
    const later = message('after the retry');
    socket.send(later);
    await admin.socket.next((m) => m.id === later.id);
    await socket.next((m) => m.id === later.id);
    const copies = socket.received.filter((m) => m.id === sent.id);
    expect(copies).toHaveLength(2);
    expect(copies.every((m) => m.text === 'first try')).toBe(true);
    expect(admin.socket.received.filter((m) => m.id === sent.id)).toHaveLength(1);
    expect(await storedMessages(sent.id)).toHaveLength(1);
  });

  it("never answers another visitor's message id with that visitor's message", async () => {
    const alice = await visitor();
    const mallory = await visitor();
    const secret = message('my card ends in 4242');
    alice.socket.send(secret);
    await alice.socket.next((m) => m.id === secret.id);
    mallory.socket.send(message('guess', { id: secret.id }));
    const notice = await mallory.socket.next((m) => m.type === 'system');
    expect(notice.replyTo).toBe(secret.id);
    expect(JSON.stringify(mallory.socket.received)).not.toContain('4242');
  });

  it('refuses empty, overlong and malformed messages with a notice, storing nothing', async () => {
    const { socket } = await visitor();
    const empty = message('    ');
    socket.send(empty);
    expect(await socket.next((m) => m.replyTo === empty.id)).toMatchObject({
      type: 'system',
      text: 'Message is empty',
    });
    const long = message('x'.repeat(2001));
    socket.send(long);
    expect(await socket.next((m) => m.replyTo === long.id)).toMatchObject({
      type: 'system',
      text: 'Messages can be at most 2000 characters',
    });
    socket.send('{not json');
    expect(await socket.next((m) => m.text === 'Messages must be JSON.')).toMatchObject({ type: 'system' });
    socket.send({ ...message('bad id'), id: 'nope' });
    expect(await socket.next((m) => m.text === 'Invalid message id')).toMatchObject({ type: 'system' });
    expect(await storedMessages(empty.id)).toHaveLength(0);
    expect(await storedMessages(long.id)).toHaveLength(0);
  });

  it('closes the socket on a frame above the size cap (1009)', async () => {
    const { socket } = await visitor();
    socket.send(message('y'.repeat(9000)));
    expect((await socket.closed).code).toBe(1009);
  });

  it('limits a socket to a burst of 5, then one message a second', async () => {
    const { socket } = await visitor();
    const burst = Array.from({ length: 6 }, (_, i) => message(`message ${i}`));
    for (const m of burst) socket.send(m);
    const refused = await socket.next((m) => m.type === 'system' && m.replyTo === burst[5]!.id);
    expect(refused.text).toBe("You're sending messages too fast. Please wait a moment.");
    for (const m of burst.slice(0, 5)) await socket.next((r) => r.id === m.id);
    expect(await storedMessages(burst[5]!.id)).toHaveLength(0);

    ahead += 1000; // a second later on the app's clock: one token back
    const later = message('after a pause');
    socket.send(later);
    expect(await socket.next((m) => m.id === later.id)).toMatchObject({ type: 'message' });
  });

  it('closes a socket that keeps flooding (1008)', async () => {
    const { socket } = await visitor();
    for (let i = 0; i < 40; i++) socket.send(message(`flood ${i}`));
    expect((await socket.closed).code).toBe(1008);
  });
});

describe('privacy and replies', () => {
  it("a second guest sees nothing of the first guest's conversation", async () => {
    const first = await visitor();
    const second = await visitor();
    const question = message('Is the taco truck vegan friendly?');
    first.socket.send(question);
    await first.socket.next((m) => m.id === question.id);
    // The question went out to every socket that may read it before its echo reached the first guest.
    const probe = await settled(second.socket);
    expect(second.socket.received.map((m) => [m.type, m.replyTo])).toEqual([['system', probe]]);
    expect((await second.agent.get('/api/chat/history')).json().messages).toEqual([]);
  });

  it('an admin sees every conversation and answers one, labelled with their username', async () => {
    const admin = await visitor('support-ann');
    expect(admin.history).toEqual({ messages: [], sender: 'support-ann', isAdmin: true });
    const first = await visitor();
    const second = await visitor();
    const q1 = message('Question one');
    const q2 = message('Question two');
    first.socket.send(q1);
    second.socket.send(q2);
    const seen1 = await admin.socket.next((m) => m.id === q1.id);
    const seen2 = await admin.socket.next((m) => m.id === q2.id);
    expect(seen1.conversationId).not.toBe(seen2.conversationId);

    const answer = message('Yes, fully vegan!', { replyTo: q1.id, sender: 'Guest' });
    admin.socket.send(answer);
    const received = await first.socket.next((m) => m.id === answer.id);
    expect(received).toMatchObject({
      sender: 'support-ann',
      senderRole: 'admin',
      replyTo: q1.id,
      conversationId: seen1.conversationId,
    });
    await admin.socket.next((m) => m.id === answer.id);

    const byConversation = message('Anything else?', { conversationId: seen2.conversationId });
    admin.socket.send(byConversation);
    await second.socket.next((m) => m.id === byConversation.id);
    await settled(first.socket);
    expect(second.socket.received.some((m) => m.id === answer.id)).toBe(false);
    expect(first.socket.received.some((m) => m.id === byConversation.id)).toBe(false);
  });

  it('refuses an admin message that names no conversation, or one that does not exist', async () => {
    const admin = await visitor('support-ann');
    const lost = message('hello?');
    admin.socket.send(lost);
    expect(await admin.socket.next((m) => m.replyTo === lost.id)).toMatchObject({
      type: 'system',
      text: 'Choose the conversation to reply to.',
    });
    const unknown = message('hello?', { replyTo: createMessageId() });
    admin.socket.send(unknown);
    expect(await admin.socket.next((m) => m.replyTo === unknown.id)).toMatchObject({ type: 'system' });
    expect(await storedMessages(lost.id)).toHaveLength(0);
  });

  it('keeps the history for the next visit, also on another device of the same account', async () => {
    const phone = await visitor('olivia');
    const before = phone.history.messages.length;
    const q = message('Do you remember me?');
    phone.socket.send(q);
    await phone.socket.next((m) => m.id === q.id);
    phone.socket.close();

    const reopened = await phone.agent.get('/api/chat/history');
    expect(reopened.json().messages.map((m: ChatMessage) => m.id)).toContain(q.id);
    const laptop = await visitor('olivia');
    expect(laptop.history.messages).toHaveLength(before + 1);
    expect(laptop.history.messages.at(-1)).toMatchObject({
      id: q.id,
      text: 'Do you remember me?',
      sender: 'olivia',
    });
  });
});

describe('GET /api/admin/chat', () => {
  it('answers 401 without a session and 403 to anyone but an admin', async () => {
    expect((await new Agent(app).get('/api/admin/chat')).statusCode).toBe(401);
    const guest = new Agent(app);
    await guest.get('/api/chat/history');
    expect((await guest.get('/api/admin/chat')).statusCode).toBe(401);
    const organizer = new Agent(app);
    await organizer.login('olivia');
    const res = await organizer.get('/api/admin/chat');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only admins can do that');
  });

  it('lists conversations newest first with their messages and counts open sockets', async () => {
    const admin = new Agent(app);
    await admin.login('support-ann');
    const baseline = (await admin.get('/api/admin/chat')).json().activeConnections as number;

    const older = await visitor();
    const newer = await visitor();
    const q1 = message('older question');
    older.socket.send(q1);
    await older.socket.next((m) => m.id === q1.id);
    ahead += 20; // the newer question is later on the app's clock
    const q2 = message('newer question');
    newer.socket.send(q2);
    await newer.socket.next((m) => m.id === q2.id);

    const res = await admin.get('/api/admin/chat');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.activeConnections).toBe(baseline + 2);
    const idOf = (id: string) => body.messages.find((m: ChatMessage) => m.id === id)?.conversationId;
    const order = body.conversations.map((c: { id: number }) => c.id);
    expect(order.indexOf(idOf(q2.id))).toBeLessThan(order.indexOf(idOf(q1.id)));
    expect(body.conversations[0]).toMatchObject({ displayName: 'Guest', messageCount: 1 });

    newer.socket.close();
    await newer.socket.closed;
    await expect
      .poll(async () => (await admin.get('/api/admin/chat')).json().activeConnections)
      .toBe(baseline + 1);
  });
});
