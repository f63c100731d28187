import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { placeOrder } from '../support/place-order';
import { SmtpSink } from '../support/smtp-sink';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let sink: SmtpSink;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const site = { origin: 'https://fund.example' };

beforeAll(async () => {
  sink = await SmtpSink.start();
  database = await openTestDatabase();
  app = await createTestApp(database, {
    now: clock.now,
    publicUrl: 'https://fund.example',
    mail: { smtpUrl: sink.url, from: 'Food Truck Fund <no-reply@fund.example>', dir: '/nonexistent' },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await sink.close();
});

describe('momentum mail over SMTP', () => {
  it('a receipt carries the calendar file; an update carries RFC 8058 one-click unsubscribe headers', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const item = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      minimumSales: 50_000,
      timeZone: 'Europe/Berlin',
    });
    const diner = new Agent(app);
    const original = diner.post.bind(diner);
    diner.post = (url, payload, headers = {}) => original(url, payload, { ...site, ...headers });
    await placeOrder(diner, event.id, item.id, { unitCents: 1050, email: 'una@example.com', name: 'Una' });

    const org = new Agent(app);
    await org.request({
      method: 'POST',
      url: '/api/login',
      payload: { username: organizer.username, password: 'password123' },
      headers: site,
    });
    const posted = await org.post(
      `/api/events/${event.id}/updates`,
      { text: 'Parking is behind the gym.' },
      site,
    );
    expect(posted.statusCode).toBe(201);
    await app.ctx.reconciler.runOnce();

    const toUna = sink.messages.filter((m) => m.envelopeTo.includes('una@example.com'));
    const receipt = toUna.find((m) => m.subject === `Your pre-order for ${event.title}`)!;
    expect(receipt.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(receipt.raw).toContain(`filename=event-${event.id}.ics`);

    const update = toUna.find((m) => m.subject === `Update: ${event.title}`)!;
    expect(update.text).toContain('Parking is behind the gym.');
    // Folded onto a second line by nodemailer, as RFC 5322 allows.
    expect(update.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/fund\.example\/api\/updates\/unsubscribe\?token=[^>]+>\r?$/m,
    );
    expect(update.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });
});
