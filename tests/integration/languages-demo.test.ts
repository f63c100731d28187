import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client';
import { DEMO_LOGINS, demoLoginsInUse, seedDemo } from '../../src/server/seed/seed-demo';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The demo data of a first `npm start` speaks both languages and two currencies (issue 41): a
 * Spanish-speaking organizer with an event, booked with a truck that sells in Mexican pesos, beside the
 * English demo accounts, whose logins still work.
 */
const clock = createClock(new Date('2026-06-01T15:00:00Z'));
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now, geocoderUrl: 'http://127.0.0.1:9' });
  expect(await seedDemo(app.ctx)).toEqual({ seeded: true });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Lucía's one event, from her own list. */
async function luciasEvent(lucia: Agent, id: number) {
  const page = (await lucia.get(`/api/events/organizer/${id}`)).json();
  const events = (page.events ?? page.items ?? page) as Array<{ id: number; title: string }>;
  expect(events).toHaveLength(1);
  return events[0]!;
}

describe('the demo data', () => {
  it('keeps every demo login working, the Spanish organizer and the peso truck among them', async () => {
    expect((await demoLoginsInUse(database.db)).map((l) => l.username)).toEqual(
      DEMO_LOGINS.map((l) => l.username),
    );
    expect(DEMO_LOGINS.map((l) => l.username)).toEqual([
      'olivia',
      'tacoloco',
      'smokeshack',
      'admin',
      'lucia',
      'tacosnorte',
    ]);
    for (const { username, password } of DEMO_LOGINS) {
      const agent = new Agent(app);
      await agent.login(username, password);
      expect((await agent.get('/api/user')).statusCode).toBe(200);
    }
  });

  it('has a Spanish-speaking organizer whose event is in pesos, as are its truck’s menu and minimum', async () => {
    const lucia = new Agent(app);
    const me = await lucia.login('lucia');
    expect(me.language ?? (await lucia.get('/api/user')).json().language).toBe('es');
    const kermes = await luciasEvent(lucia, me.id);
    expect(kermes.title).toBe('Kermés de la Parroquia San Fernando');
    const detail = (await new Agent(app).get(`/api/events/${kermes.id}`)).json();
    expect(detail).toMatchObject({ currency: 'MXN', minimumSales: '8000.00', status: 'approved' });
    // Five diners' orders, held: MX$1,025.00 of food counted toward the goal.
    expect(detail.currentSales).toBe('1025.00');
    const truck = new Agent(app);
    await truck.login('tacosnorte');
    const profile = (await truck.get('/api/user')).json();
    expect(profile).toMatchObject({ currency: 'MXN', businessName: 'Tacos del Norte' });
    const menu = (await new Agent(app).get(`/api/menu-items/${detail.foodTruckId}`)).json();
    const items = (Array.isArray(menu) ? menu : menu.items) as Array<{ name: string; price: string }>;
    expect(items.find((i) => i.name === 'Agua de jamaica')?.price).toBe('25.00');
  });

  it('writes the Spanish event’s calendar file in Spanish for a Spanish visitor', async () => {
    const lucia = new Agent(app);
    const kermes = await luciasEvent(lucia, (await lucia.login('lucia')).id);
    const es = await app.inject({
      url: `/api/events/${kermes.id}/calendar.ics`,
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.replace(/\r\n[ \t]/g, '')).toContain('Food truck: Tacos del Norte');
  });
});
