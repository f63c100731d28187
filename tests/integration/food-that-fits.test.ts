import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto, EventDayOrdersDto } from '../../src/contract/bookings';
import type { MenuItemDto } from '../../src/contract/menu';
import type { OrderReceiptDto } from '../../src/contract/orders';
import type { Database } from '../../src/server/db/client';
import { createMenuItem, createTruck } from '../../src/server/seed/factories';
import { liveEvent, orderBody } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Food that fits (docs/decisions/172-dietary-tags-and-allergens.md, 173-order-notes.md): a truck
 * tags its dishes and names their allergens, diners and the directory read them, and a diner's note
 * reaches the truck's prep list, its event day, the organizer's CSV and the diner's own receipt.
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

async function signedIn(username: string) {
  const agent = new Agent(app);
  await agent.login(username);
  return agent;
}

const dish = {
  name: 'Elote',
  description: 'Grilled corn, cotija, chile',
  category: 'Side',
  price: 5,
};

describe('dietary tags and allergens on menu items', () => {
  it('round-trips through add, edit and the public menu, in the lists’ order and each once', async () => {
    const truck = await createTruck(database.db);
    const owner = await signedIn(truck.username);
    const created = await owner.post('/api/menu-items', {
      ...dish,
      dietaryTags: ['gluten-free', 'vegetarian', 'vegetarian'],
      allergens: ['eggs', 'milk'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as MenuItemDto;
    expect(item).toMatchObject({ dietaryTags: ['vegetarian', 'gluten-free'], allergens: ['milk', 'eggs'] });

    const edited = await owner.patch(`/api/menu-items/${item.id}`, { allergens: ['milk'] });
    expect(edited.statusCode, edited.body).toBe(200);
    // Only the allergens were sent: the tags stay.
    expect(edited.json()).toMatchObject({ dietaryTags: ['vegetarian', 'gluten-free'], allergens: ['milk'] });

    const menu = (await app.inject({ url: `/api/menu-items/${truck.id}` })).json() as MenuItemDto[];
    expect(menu.find((m) => m.id === item.id)).toMatchObject({
      dietaryTags: ['vegetarian', 'gluten-free'],
      allergens: ['milk'],
    });

    // An item without any: empty lists, not missing fields.
    const plain = await owner.post('/api/menu-items', { ...dish, name: 'Horchata' });
    expect(plain.json()).toMatchObject({ dietaryTags: [], allergens: [] });
  });

  it('refuses a tag or allergen it does not know with a 400 that names the allowed ones', async () => {
    const truck = await createTruck(database.db);
    const owner = await signedIn(truck.username);
    const badTag = await owner.post('/api/menu-items', { ...dish, dietaryTags: ['paleo'] });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.body).toContain('Unknown dietary tag: use vegetarian, vegan, gluten-free');
    const badAllergen = await owner.post('/api/menu-items', { ...dish, allergens: ['nuts'] });
    expect(badAllergen.statusCode).toBe(400);
    expect(badAllergen.body).toContain('Unknown allergen: use milk, eggs');
    const item = await createMenuItem(database.db, { foodTruckId: truck.id });
    const badEdit = await owner.patch(`/api/menu-items/${item.id}`, { dietaryTags: 'vegan' });
    expect(badEdit.statusCode).toBe(400);
  });
});

describe('the directory’s "dietary options offered" filter (?diet=)', () => {
  it('lists a truck when one of its active items carries the tag, and says which tags each offers', async () => {
    const cuisine = `diet${Date.now()}`;
    const make = async (name: string, items: Array<{ tags: string[]; active?: boolean }>) => {
      const truck = await createTruck(database.db, { businessName: name, cuisine });
      for (const item of items)
        await createMenuItem(database.db, {
          foodTruckId: truck.id,
          dietaryTags: item.tags,
          isActive: item.active ?? true,
        });
      return truck;
    };
    const greens = await make('A Greens', [{ tags: ['vegan', 'vegetarian'] }, { tags: [] }]);
    const dairy = await make('B Dairy', [{ tags: ['vegetarian'] }]);
    // Its only vegan dish is switched off: it does not offer vegan now.
    const retired = await make('C Retired', [{ tags: ['vegan'], active: false }, { tags: ['halal'] }]);

    const ids = async (query: string) => {
      const res = await app.inject({ url: `/api/trucks?cuisine=${cuisine}${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { trucks: Array<{ id: number; dietaryTags: string[] }> };
    };
    expect((await ids('&diet=vegan')).trucks.map((t) => t.id)).toEqual([greens.id]);
    expect((await ids('&diet=vegetarian')).trucks.map((t) => t.id)).toEqual([greens.id, dairy.id]);
    expect((await ids('&diet=halal')).trucks.map((t) => t.id)).toEqual([retired.id]);
    const all = await ids('');
    expect(all.trucks.map((t) => t.dietaryTags)).toEqual([
      ['vegetarian', 'vegan'],
      ['vegetarian'],
      ['halal'],
    ]);
    // Paged by the same cursor, the filter holds on every page.
    const first = (
      await app.inject({ url: `/api/trucks?cuisine=${cuisine}&diet=vegetarian&limit=1` })
    ).json();
    expect(first.trucks.map((t: { id: number }) => t.id)).toEqual([greens.id]);
    const second = (
      await app.inject({
        url: `/api/trucks?cuisine=${cuisine}&diet=vegetarian&limit=1&cursor=${first.nextCursor}`,
      })
    ).json();
    expect(second.trucks.map((t: { id: number }) => t.id)).toEqual([dairy.id]);

    const page = (await app.inject({ url: `/api/trucks/${greens.id}` })).json();
    expect(page.dietaryTags).toEqual(['vegetarian', 'vegan']);
  });

  it('refuses a diet it does not know with a 400', async () => {
    const res = await app.inject({ url: '/api/trucks?diet=paleo' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown diet');
  });
});

describe('a diner’s note to the truck', () => {
  async function checkout(note: unknown) {
    const { event, taco, truck, organizer } = await liveEvent(database.db, clock.now());
    const diner = new Agent(app);
    const res = await diner.post(`/api/events/${event.id}/create-payment-intent`, {
      ...orderBody(taco.id, 1, 1050),
      note,
    });
    return { res, diner, event, taco, truck, organizer };
  }

  it('refuses a note longer than 200 characters (after trimming) with a clear 400', async () => {
    const { res } = await checkout('x'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The note to the truck can be at most 200 characters');
    // Spaces around it do not count.
    const trimmed = await checkout(`  ${'x'.repeat(200)}  `);
    expect(trimmed.res.statusCode, trimmed.res.body).toBe(200);
  });

  it('reaches the prep list, the event day, the organizer’s CSV and the diner’s receipt', async () => {
    const { res, diner, event, taco, truck, organizer } = await checkout('  No onions, please  ');
    expect(res.statusCode, res.body).toBe(200);
    const { orderId, clientSecret } = res.json() as { orderId: number; clientSecret: string };
    const card = { clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };
    expect((await diner.post('/api/payments/simulator/confirm', card)).statusCode).toBe(200);
    await diner.post(`/api/events/${event.id}/orders/${orderId}/sync`);
    // A second diner says nothing: an empty note is none.
    const quiet = new Agent(app);
    const other = await quiet.post(`/api/events/${event.id}/create-payment-intent`, {
      ...orderBody(taco.id, 1, 1050, 'quiet@example.com'),
      note: '   ',
    });
    expect(other.statusCode, other.body).toBe(200);

    const receipt = (await diner.get(`/api/events/${event.id}/orders/${orderId}`)).json() as OrderReceiptDto;
    expect(receipt.order.note).toBe('No onions, please');

    const owner = await signedIn(truck.username);
    const { bookings } = (await owner.get('/api/bookings')).json() as { bookings: BookingDto[] };
    const booking = bookings.find((b) => b.event.id === event.id)!;
    expect(booking.prepNotes).toEqual([
      {
        orderId,
        pickupCode: receipt.order.pickupCode,
        customerName: 'Dana Diner',
        note: 'No onions, please',
      },
    ]);
    const day = (await owner.get(`/api/bookings/${event.id}/orders`)).json() as EventDayOrdersDto;
    expect(day.orders.find((o) => o.id === orderId)?.note).toBe('No onions, please');

    const host = await signedIn(organizer.username);
    const csv = await host.get(`/api/events/${event.id}/orders.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.trim().split(/\r?\n/);
    expect(header!.split(',')).toContain('"Note"');
    expect(row).toContain('No onions, please');
  });

  it('keeps a replayed checkout idempotent, and refuses the same key with another note', async () => {
    const { event, taco } = await liveEvent(database.db, clock.now());
    const diner = new Agent(app);
    const key = { 'idempotency-key': `note-${Date.now()}` };
    const body = { ...orderBody(taco.id, 1, 1050), note: 'Extra salsa' };
    const first = await diner.post(`/api/events/${event.id}/create-payment-intent`, body, key);
    const again = await diner.post(`/api/events/${event.id}/create-payment-intent`, body, key);
    expect(again.json().orderId).toBe(first.json().orderId);
    const changed = await diner.post(
      `/api/events/${event.id}/create-payment-intent`,
      { ...body, note: 'No salsa' },
      key,
    );
    expect(changed.statusCode).toBe(409);
  });
});
