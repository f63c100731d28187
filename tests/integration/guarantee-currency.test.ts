import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { eventGuarantees } from '../../src/server/db/schema';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The host guarantee's answer (decision 224) in the event's currency (decision 230): it names the
 * currency, its amounts have that currency's decimals, and its summary is written in it.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let seq = 0;

/** A pending event in `currency` with a goal of `minimumSales` minor units, and its organizer logged in. */
async function pendingEvent(currency: string, minimumSales: number) {
  const n = ++seq;
  const organizer = await createUser(database.db, { contactEmail: `host-cur-${n}@example.com` });
  const truck = await createTruck(database.db, { contactEmail: `truck-cur-${n}@example.com`, currency });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    minimumSales,
    currency,
    status: 'pending_approval',
  });
  const host = new Agent(app);
  await host.login(organizer.username);
  return { event, organizer, host };
}

describe("the guarantee's currency", () => {
  it('names the event currency before any guarantee, and when one is offered', async () => {
    const { event, host } = await pendingEvent('JPY', 50_000);
    const none = await host.get(`/api/events/${event.id}/guarantee`);
    expect(none.json()).toMatchObject({ status: 'none', currency: 'JPY', cap: null });
    const offered = await host.post(`/api/events/${event.id}/guarantee`);
    expect(offered.statusCode).toBe(200);
    expect(offered.json().guarantee).toMatchObject({ status: 'saving', currency: 'JPY', cap: '50000' });
  });

  it('writes a saved guarantee in yen and in euros, never in dollars', async () => {
    const cases = [
      { currency: 'JPY', goal: 50_000, cap: '50000', shown: '¥50,000' },
      { currency: 'EUR', goal: 50_000, cap: '500.00', shown: '€500.00' },
    ];
    for (const { currency, goal, cap, shown } of cases) {
      const { event, organizer, host } = await pendingEvent(currency, goal);
      await database.db.insert(eventGuarantees).values({
        eventId: event.id,
        organizerId: organizer.id,
        status: 'saved',
        capCents: goal,
        savedAt: clock.now(),
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      const seen = (await host.get(`/api/events/${event.id}/guarantee`)).json();
      expect(seen).toMatchObject({ status: 'saved', currency, cap });
      expect(seen.summary).toBe(
        `Guaranteed: the organizer's saved card pays any shortfall at the start, up to ${shown}.`,
      );
    }
  });
});
