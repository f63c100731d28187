import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMessageId } from '../../src/core/chat';
import type { Database } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { ChatSocket } from '../support/chat-socket';
import { liveEvent, placeOrder } from '../support/orders';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Support with context (decision 158): the monitor names a guest by what they gave at checkout in the
 * same browser session, says which page they wrote from, and lists their orders and events; nobody but
 * an admin reads it.
 */
let database: Database;
let app: FastifyInstance;
let baseUrl: string;
const open: ChatSocket[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await createUser(database.db, { username: 'support-ann', role: 'admin' });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function chatFrom(agent: Agent) {
  expect((await agent.get('/api/chat/history')).statusCode).toBe(200);
  const socket = await ChatSocket.open(baseUrl, { origin: baseUrl, cookie: agent.cookieHeader() });
  open.push(socket);
  return socket;
}

function say(socket: ChatSocket, text: string, page?: string) {
  const id = createMessageId();
  socket.send({
    id,
    type: 'message',
    text,
    sender: 'Guest',
    timestamp: Date.now(),
    ...(page ? { page } : {}),
  });
  return id;
}

interface MonitorConversation {
  id: number;
  displayName: string;
  page: string | null;
  guest: { name: string; email: string } | null;
  orders: Array<{
    id: number;
    eventId: number;
    eventTitle: string;
    pickupCode: string | null;
    status: string;
  }>;
}

async function monitor(admin: Agent): Promise<MonitorConversation[]> {
  const res = await admin.get('/api/admin/chat');
  expect(res.statusCode).toBe(200);
  return res.json().conversations;
}

describe('the chat monitor', () => {
  it("shows a guest's name, e-mail, page, orders and events from their own browser session only", async () => {
    const { event, taco } = await liveEvent(app.ctx.db, new Date());
    const dana = new Agent(app, '10.7.0.1');
    const { created } = await placeOrder(dana, event.id, taco.id, 2, undefined, 'dana@example.com');
    const danaChat = await chatFrom(dana);
    say(danaChat, 'Where do I pick up my tacos?', `/events/public/${event.id}`);

    // Another guest who never ordered, and who writes from the list.
    const stranger = new Agent(app, '10.7.0.2');
    const strangerChat = await chatFrom(stranger);
    say(strangerChat, 'Hello?', '/events/public');

    const admin = new Agent(app);
    await admin.login('support-ann');
    await expect.poll(async () => (await monitor(admin)).length).toBeGreaterThanOrEqual(2);
    const conversations = await monitor(admin);
    const withOrder = conversations.find((c) => c.guest?.email === 'dana@example.com');
    expect(withOrder).toMatchObject({
      guest: { name: 'Dana Diner', email: 'dana@example.com' },
      page: `/events/public/${event.id}`,
      orders: [
        {
          id: created.orderId,
          eventId: event.id,
          eventTitle: event.title,
          status: 'confirmed',
          currency: 'USD',
        },
      ],
    });
    expect(withOrder!.orders[0]!.pickupCode).toMatch(/^[A-Z0-9]{4,}$/);
    const other = conversations.find((c) => c.page === '/events/public');
    expect(other).toMatchObject({ guest: null, orders: [], displayName: 'Guest' });
  });

  it('refuses a page that is not a path, and tells the visitor', async () => {
    const guest = new Agent(app, '10.7.0.3');
    const socket = await chatFrom(guest);
    const id = say(socket, 'Hi', 'https://evil.example/?token=1');
    const notice = await socket.next((m) => m.type === 'system' && m.replyTo === id);
    expect(notice.text).toBe('Invalid page');
  });

  it('is read by admins only', async () => {
    expect((await new Agent(app).get('/api/admin/chat')).statusCode).toBe(401);
    const organizer = await createUser(database.db, { role: 'organizer' });
    const agent = new Agent(app);
    await agent.login(organizer.username);
    expect((await agent.get('/api/admin/chat')).statusCode).toBe(403);
  });
});
