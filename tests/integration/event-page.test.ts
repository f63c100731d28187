import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createBookableTruck, createUser } from '../../src/server/seed/factories';
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

async function signedIn(role: 'organizer' | 'foodtruck', extra: Record<string, unknown> = {}) {
  const user =
    role === 'foodtruck'
      ? await createBookableTruck(database.db, { minimumSales: 10_000, ...extra })
      : await createUser(database.db, { role, ...extra });
  const agent = new Agent(app);
  await agent.login(user.username);
  return { user, agent };
}

const request = (foodTruckId: number, overrides: Record<string, unknown> = {}) => ({
  title: 'Library Night',
  date: '2026-12-05',
  startTime: '18:00',
  endTime: '21:00',
  timeZone: 'America/Chicago',
  location: 'Lincoln Elementary, Austin, TX',
  expectedDiners: 80,
  minimumSales: '300.00',
  foodTruckId,
  ...overrides,
});

describe('the event request is validated as the form is', () => {
  it('refuses an end time before the start with a clear message', async () => {
    const { user: truck } = await signedIn('foodtruck');
    const { agent } = await signedIn('organizer');
    const res = await agent.post('/api/events', request(truck.id, { startTime: '18:00', endTime: '17:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ endTime: 'End time must be after the start time' });
    expect(res.json().message).toContain('End time must be after the start time');
  });

  it('still takes a late event that runs past midnight', async () => {
    const { user: truck } = await signedIn('foodtruck');
    const { agent } = await signedIn('organizer');
    const res = await agent.post('/api/events', request(truck.id, { startTime: '22:00', endTime: '02:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      startsAt: '2026-12-06T04:00:00.000Z',
      endsAt: '2026-12-06T08:00:00.000Z',
    });
  });

  it('refuses a goal of $0.00', async () => {
    const { user: truck } = await signedIn('foodtruck');
    const { agent } = await signedIn('organizer');
    const res = await agent.post('/api/events', request(truck.id, { minimumSales: '0.00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ minimumSales: 'The sales goal must be more than $0.00' });
  });

  it('refuses a cause over 2,000 characters', async () => {
    const { user: truck } = await signedIn('foodtruck');
    const { agent } = await signedIn('organizer');
    const res = await agent.post('/api/events', request(truck.id, { cause: 'x'.repeat(2001) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cause: 'Please keep this under 2,000 characters' });
  });

  it("refuses a truck's approval with a $0.00 goal, and still takes a refusal", async () => {
    const { user: truck, agent: truckAgent } = await signedIn('foodtruck');
    const { agent } = await signedIn('organizer');
    const a = (await agent.post('/api/events', request(truck.id))).json();
    const zero = await truckAgent.post(`/api/events/${a.id}/approve`, {
      status: 'approved',
      minimumSales: '0',
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual({ minimumSales: 'The sales goal must be more than $0.00' });
    const declined = await truckAgent.post(`/api/events/${a.id}/approve`, {
      status: 'rejected',
      minimumSales: '0',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('rejected');
  });
});

describe('the event page answer', () => {
  it("carries the organizer's name, their cause, and no cover image yet", async () => {
    const { user: truck, agent: truckAgent } = await signedIn('foodtruck');
    const { agent } = await signedIn('organizer', { username: 'lincoln-pta', businessName: 'Lincoln PTA' });
    const cause = 'Every dollar of markup buys books for our library.\nThank you!';
    const created = await agent.post('/api/events', request(truck.id, { cause: `  ${cause}  ` }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await truckAgent.post(`/api/events/${id}/approve`, { status: 'approved', minimumSales: '300' });

    const res = await app.inject({ method: 'GET', url: `/api/events/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cause, organizerName: 'Lincoln PTA', coverImageUrl: null });
    // Never anyone's e-mail on a public answer.
    expect(res.body).not.toMatch(/@/);
  });

  it('names an organizer without a business name by their username, and a blank cause as none', async () => {
    const { user: truck, agent: truckAgent } = await signedIn('foodtruck');
    const { user: organizer, agent } = await signedIn('organizer');
    const id = (await agent.post('/api/events', request(truck.id, { cause: '   ' }))).json().id as number;
    await truckAgent.post(`/api/events/${id}/approve`, { status: 'approved', minimumSales: '300' });
    const res = await app.inject({ method: 'GET', url: `/api/events/${id}` });
    expect(res.json()).toMatchObject({ cause: null, organizerName: organizer.username });
  });
});
