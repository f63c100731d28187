import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * A refused request's message is shown to people as it is: it names no internal field. What a client
 * decides by is the code beside it.
 */
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

describe('validation messages', () => {
  it('a bad card number says so in words, and the field is named only in `errors`', async () => {
    const guest = new Agent(app, '10.20.0.1');
    const res = await guest.post('/api/payments/simulator/confirm', {
      clientSecret: 'pi_sim_abc_secret_def',
      cardNumber: '1234 5678',
      expiry: '12/30',
      cvc: '123',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string; errors: Record<string, string> };
    expect(body.code).toBe('invalid_request');
    expect(body.message).toBe('Your card number is invalid.');
    expect(body.errors).toEqual({ cardNumber: 'Your card number is invalid.' });
  });

  it('a bad invite address reads as the form says it, without "(emails.0)"', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
    });
    const guest = new Agent(app, '10.20.0.2');
    const res = await guest.post(`/api/events/${event.id}/invite`, { emails: ['not-an-address'] });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string; errors: Record<string, string> };
    expect(body.code).toBe('invalid_request');
    expect(body.message).toBe('Please enter valid email addresses');
    expect(body.message).not.toMatch(/\(/);
    expect(Object.keys(body.errors)).toEqual(['emails.0']);
  });
});
