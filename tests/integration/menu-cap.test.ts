import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItemDto } from '../../src/contract/menu';
import type { Database } from '../../src/server/db/client';
import { MAX_MENU_ITEMS } from '../../src/server/menu/create-menu-item';
import { createMenuItem, createTruck } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/** A truck's menu holds at most 100 dishes, switched on or off; deleted ones do not count (decision 220). */
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

const dish = (n: number) => ({ name: `Dish ${n}`, description: 'Good', category: 'Entree', price: 6 });

describe('the cap on a menu', () => {
  it('lets exactly the cap in when many adds race at its edge, and a deleted dish makes room', async () => {
    expect(MAX_MENU_ITEMS).toBe(100);
    const truck = await createTruck(database.db);
    // 96 on the menu (6 of them switched off), and 3 deleted ones that do not count: 4 places left.
    for (let n = 0; n < 90; n++) await createMenuItem(database.db, { foodTruckId: truck.id });
    for (let n = 0; n < 6; n++) await createMenuItem(database.db, { foodTruckId: truck.id, isActive: false });
    for (let n = 0; n < 3; n++)
      await createMenuItem(database.db, { foodTruckId: truck.id, isActive: false, deletedAt: clock.now() });
    const owner = new Agent(app);
    await owner.login(truck.username);

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => owner.post('/api/menu-items', dish(n))),
    );
    const accepted = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(accepted).toHaveLength(4);
    expect(refused).toHaveLength(8);
    expect(refused[0]!.json()).toMatchObject({
      code: 'menu_full',
      message:
        'A menu holds at most 100 dishes, switched on or off. Delete one you no longer sell to add another.',
    });

    const own = (await owner.get(`/api/menu-items/${truck.id}?includeInactive=true`)).json() as MenuItemDto[];
    expect(own).toHaveLength(MAX_MENU_ITEMS);

    const first = accepted[0]!.json() as MenuItemDto;
    expect((await owner.delete(`/api/menu-items/${first.id}`)).statusCode).toBe(200);
    expect((await owner.post('/api/menu-items', dish(99))).statusCode).toBe(201);
    expect((await owner.post('/api/menu-items', dish(100))).statusCode).toBe(409);
  });
});
