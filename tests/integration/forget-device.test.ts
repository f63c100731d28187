import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageId } from '../../src/core/chat';
import type { SessionData } from '../../src/server/auth/sessions';
import { sendChatMessage } from '../../src/server/chat/send-chat-message';
import type { Database } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { signOrderToken } from '../../src/server/access/order-access';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createTestApp, openTestDatabase, testConfig } from '../support/test-app';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function visitorKeyOf(agent: Agent): Promise<string> {
  const signed = decodeURIComponent(agent.cookieHeader().split('sid=')[1]!);
  const [row] = await database.db
    .select()
    .from(sessions)
    .where(eq(sessions.sid, signed.split('.')[0]!));
  return (row!.sess as SessionData).visitorKey;
}

describe('Not you? Forget this device', () => {
  it('detaches the guest’s orders and chat from the browser; the receipt link still works', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    const event = await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id });

    const browser = new Agent(app);
    await browser.get(`/api/events/${event.id}/pending-orders`);
    const created = await browser.post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 1 }],
      customerName: 'First Guest',
      customerEmail: 'first@example.com',
      amount: 1050,
      platformFeePercentage: 5,
    });
    const { orderId, clientSecret } = created.json();
    await browser.post('/api/payments/simulator/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    await browser.post(`/api/events/${event.id}/orders/${orderId}/sync`);
    expect((await browser.get(`/api/events/${event.id}/pending-orders`)).json()).toHaveLength(1);
    const oldKey = await visitorKeyOf(browser);
    await sendChatMessage(
      database.db,
      { role: 'visitor', visitorKey: `guest:${oldKey}`, userId: null, sender: 'Guest' },
      { id: createMessageId(), type: 'message', text: 'my card number is private' },
      new Date(),
    );
    expect((await browser.get('/api/chat/history')).json().messages).toHaveLength(1);

    const forget = await browser.post('/api/session/forget');
    expect(forget.statusCode).toBe(200);
    expect(forget.json().message).toBe('This browser no longer shows your orders or chat.');

    // The next person at this browser sees nothing of the first guest's, and can't cancel it.
    expect((await browser.get(`/api/events/${event.id}/pending-orders`)).json()).toEqual([]);
    expect((await browser.get('/api/chat/history')).json().messages).toEqual([]);
    const cancel = await browser.post(`/api/events/${event.id}/cancel-payment`, { orderId });
    expect(cancel.statusCode).toBe(404);
    expect(await visitorKeyOf(browser)).not.toBe(oldKey);

    // The first guest's receipt link still opens (and may cancel) the order.
    const token = signOrderToken(testConfig().sessionSecret, orderId);
    const viaLink = await new Agent(app).get(
      `/api/events/${event.id}/pending-orders?order=${orderId}&token=${token}`,
    );
    expect(viaLink.json()).toMatchObject([{ id: orderId, customerName: 'First Guest' }]);
  });
});
