import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMessageId } from '../../src/core/chat';
import { openDatabase, type Database } from '../../src/server/db/client';
import { chatPresence } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { ChatSocket } from '../support/chat-socket';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Two app instances on one database, as behind a load balancer: on PostgreSQL two connection pools
 * to the same database; on PGlite (one process) two apps sharing the one in-process database.
 */
let database: Database & { url?: string };
let secondHandle: Database | undefined;
const instances: Array<{ app: FastifyInstance; baseUrl: string }> = [];
const open: ChatSocket[] = [];

async function startInstance(db: Database) {
  const app = await createTestApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

beforeAll(async () => {
  database = await openTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : undefined;
  instances.push(await startInstance(database), await startInstance(secondHandle ?? database));
  await createUser(database.db, { username: 'support-bo', role: 'admin' });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  for (const { app } of instances) await app.close();
  await secondHandle?.close();
  await database.close();
});

async function connect(instance: { app: FastifyInstance; baseUrl: string }, username?: string) {
  const agent = new Agent(instance.app);
  if (username) await agent.login(username);
  await agent.get('/api/chat/history');
  const socket = await ChatSocket.open(instance.baseUrl, {
    origin: instance.baseUrl,
    cookie: agent.cookieHeader(),
  });
  open.push(socket);
  return { agent, socket };
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

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  id: createMessageId(),
  type: 'message',
  text,
  sender: 'Guest',
  timestamp: Date.now(),
  ...extra,
});

describe('two instances', () => {
  it('a guest on A and an admin on B talk to each other within a second; another guest sees neither', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const admin = await connect(b, 'support-bo');
    const guest = await connect(a);
    const bystanderOnA = await connect(a);
    const bystanderOnB = await connect(b);

    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const question = message(`Is the truck coming at noon? #${i}`);
      const sentAt = performance.now();
      guest.socket.send(question);
      await admin.socket.next((m) => m.id === question.id, 1000);
      latencies.push(performance.now() - sentAt);
    }
    console.info(
      `chat fan-out A→B (${database.driver}): ${latencies.map((l) => l.toFixed(1)).join(', ')} ms`,
    );
    expect(Math.max(...latencies)).toBeLessThan(1000);

    const lastQuestion = guest.socket.received.at(-1)!;
    const answer = message('Yes, from noon to two.', { replyTo: lastQuestion.id });
    const answeredAt = performance.now();
    admin.socket.send(answer);
    const received = await guest.socket.next((m) => m.id === answer.id, 1000);
    console.info(`chat fan-out B→A (${database.driver}): ${(performance.now() - answeredAt).toFixed(1)} ms`);
    expect(received).toMatchObject({
      sender: 'support-bo',
      senderRole: 'admin',
      text: 'Yes, from noon to two.',
    });

    // Each instance delivers in the order announced: once the answer is out on both, so is everything
    // before it, and a bystander's own notice comes after anything it was sent (see settled).
    await admin.socket.next((m) => m.id === answer.id, 1000);
    const probeA = await settled(bystanderOnA.socket);
    const probeB = await settled(bystanderOnB.socket);
    expect(bystanderOnA.socket.received.map((m) => [m.type, m.replyTo])).toEqual([['system', probeA]]);
    expect(bystanderOnB.socket.received.map((m) => [m.type, m.replyTo])).toEqual([['system', probeB]]);
  });

  it("a signed-in visitor's tabs on both instances receive their conversation", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    await createUser(database.db, { username: 'two-tabs', role: 'organizer' });
    const tabA = await connect(a, 'two-tabs');
    const tabB = await connect(b, 'two-tabs');
    const q = message('sent from tab A');
    tabA.socket.send(q);
    expect(await tabB.socket.next((m) => m.id === q.id, 1000)).toMatchObject({ sender: 'two-tabs' });
  });

  it('counts open sockets of every instance, ignoring stale instances', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const admin = new Agent(b.app);
    await admin.login('support-bo');
    const count = async () => (await admin.get('/api/admin/chat')).json().activeConnections as number;
    const baseline = await count();

    await connect(a);
    await connect(a);
    await connect(b);
    await expect.poll(count).toBe(baseline + 3);

    // An instance that died without cleaning up: its row is stale and not counted.
    await database.db.insert(chatPresence).values({
      instanceId: 'crashed-instance',
      connections: 50,
      heartbeatAt: new Date(Date.now() - 60_000),
    });
    expect(await count()).toBe(baseline + 3);
    // A live instance elsewhere is.
    await database.db
      .insert(chatPresence)
      .values({ instanceId: 'other-live-instance', connections: 4, heartbeatAt: new Date() });
    expect(await count()).toBe(baseline + 7);
  });
});
