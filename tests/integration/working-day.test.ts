import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computeUnitPrice } from '../../src/core/pricing';
import type { Database } from '../../src/server/db/client';
import { events, menuItems, outbox, pendingOrders } from '../../src/server/db/schema';
import { publicBaseUrl } from '../../src/server/http/public-url';
import {
  createBookableTruck,
  createEvent,
  createMenuItem,
  createTruck,
  createUser,
} from '../../src/server/seed/factories';
import { makePng, toDataUrl } from '../support/images';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function signIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

/** A truck with a $10 taco and a $4 drink, an organizer, and an approved event 2 days out. */
async function booking(options: { minimumSales?: number; markup?: number; daysAhead?: number } = {}) {
  const organizer = await createUser(database.db, { contactEmail: 'olivia@example.com' });
  const truck = await createTruck(database.db, { businessName: 'Taco Loco' });
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, name: 'Taco', price: 1000 });
  const drink = await createMenuItem(database.db, { foodTruckId: truck.id, name: 'Horchata', price: 400 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: options.daysAhead ?? 2,
    minimumSales: options.minimumSales ?? 5000,
    priceMarkupPercentage: options.markup ?? 0,
  });
  return { organizer, truck, taco, drink, event };
}

type Line = { item: { id: number; price: number }; quantity: number };

/** A diner's checkout through the simulator: held (confirmed) unless the card fails. */
async function order(
  eventId: number,
  lines: Line[],
  options: { name?: string; email?: string; markupBp?: number; agent?: Agent } = {},
) {
  const agent = options.agent ?? new Agent(app);
  const markupBp = options.markupBp ?? 0;
  const items = lines.map((l) => ({
    menuItemId: l.item.id,
    quantity: l.quantity,
    unitPrice: computeUnitPrice(l.item.price, markupBp) / 100,
    name: 'x',
  }));
  const amount = lines.reduce((sum, l) => sum + computeUnitPrice(l.item.price, markupBp) * l.quantity, 0);
  const res = await agent.post(`/api/events/${eventId}/create-payment-intent`, {
    items,
    customerName: options.name ?? 'Dana Diner',
    customerEmail: options.email ?? 'dana@example.com',
    amount,
    markupPercentage: markupBp / 100,
    platformFeePercentage: 5,
  });
  if (res.statusCode !== 200) throw new Error(`create-payment-intent ${res.statusCode} ${res.body}`);
  const created = res.json();
  const confirm = await agent.post('/api/payments/simulator/confirm', {
    clientSecret: created.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  expect(confirm.statusCode).toBe(200);
  await agent.post(`/api/events/${eventId}/orders/${created.orderId}/sync`);
  return { agent, orderId: created.orderId as number };
}

async function orderRow(id: number) {
  const [row] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, id));
  return row!;
}

/** Orders enough to reach the goal and lets the reconciler capture: every order is charged. */
async function fundAndCharge(eventId: number, taco: Line['item'], drink: Line['item']) {
  const a = await order(eventId, [{ item: taco, quantity: 3 }], { name: 'Ana' });
  const b = await order(eventId, [
    { item: taco, quantity: 2 },
    { item: drink, quantity: 1 },
  ]);
  await app.ctx.reconciler.runOnce();
  await app.ctx.reconciler.runOnce();
  expect((await orderRow(a.orderId)).status).toBe('charged');
  expect((await orderRow(b.orderId)).status).toBe('charged');
  return { a, b };
}

describe('GET /api/bookings', () => {
  it("lists the truck's accepted events upcoming first, with progress, order count and prep list", async () => {
    const { truck, organizer, taco, drink, event } = await booking();
    const later = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 9,
    });
    const past = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: new Date(clock.now().getTime() - 10 * DAY),
      daysAhead: 1,
      status: 'closed',
    });
    // Not bookings: a request still waiting for an answer, a declined one, another truck's event.
    await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'pending_approval',
    });
    await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'rejected',
    });
    const other = await booking();

    await order(event.id, [{ item: taco, quantity: 2 }]);
    await order(event.id, [
      { item: taco, quantity: 1 },
      { item: drink, quantity: 3 },
    ]);
    // An abandoned checkout (never authorized) is nothing to cook.
    await new Agent(app).post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 7, unitPrice: 10.5 }],
      customerName: 'Never Paid',
      customerEmail: 'never@example.com',
      amount: 7350,
    });

    const agent = await signIn(truck);
    const res = await agent.get('/api/bookings');
    expect(res.statusCode).toBe(200);
    const bookings = res.json().bookings;
    expect(bookings.map((b: { event: { id: number } }) => b.event.id)).toEqual([event.id, later.id, past.id]);
    expect(bookings[0]).toMatchObject({
      event: { id: event.id, status: 'approved', currentSales: '42.00', minimumSales: '50.00' },
      orderCount: 2,
      prepList: [
        { menuItemId: drink.id, name: 'Horchata', quantity: 3 },
        { menuItemId: taco.id, name: 'Taco', quantity: 3 },
      ],
    });
    expect(bookings[1]).toMatchObject({ orderCount: 0, prepList: [] });
    expect(res.body).not.toContain(other.event.title);
    expect(res.body).not.toContain('never@example.com');
  });

  it('exports the bookings as CSV, one line per item to cook', async () => {
    const { truck, taco, event } = await booking();
    await order(event.id, [{ item: taco, quantity: 4 }]);
    const res = await (await signIn(truck)).get('/api/bookings/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment; filename="bookings.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"Event","Date","Start","End","Time zone","Location","Status","Goal","Sales","Orders","Refunded by the truck","Item","Quantity","Currency"',
    );
    expect(lines[1]).toContain(`"${event.title}","${event.date}","18:00","21:00","UTC",`);
    expect(lines[1]).toMatch(/,"approved","50\.00","40\.00",1,"0\.00","Taco",4,"USD"$/);
    expect(lines.at(-1)).toBe('');
  });

  it('is for signed-in trucks only', async () => {
    expect((await new Agent(app).get('/api/bookings')).statusCode).toBe(401);
    expect((await new Agent(app).get('/api/bookings/export.csv')).statusCode).toBe(401);
    const organizer = await signIn(await createUser(database.db));
    expect((await organizer.get('/api/bookings')).statusCode).toBe(403);
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));
    expect((await admin.get('/api/bookings/export.csv')).statusCode).toBe(403);
  });
});

describe('pickup codes', () => {
  it('gives every authorized order a short code, unique in its event, even when orders race', async () => {
    const { taco, event } = await booking({ minimumSales: 1_000_000 });
    const placed = await Promise.all(
      Array.from({ length: 24 }, (_, i) => order(event.id, [{ item: taco, quantity: 1 }], { name: `D${i}` })),
    );
    const rows = await Promise.all(placed.map((p) => orderRow(p.orderId)));
    expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
    const codes = rows.map((r) => r.pickupCode);
    expect(codes.every((c) => /^[A-HJKMNP-Z2-9]{5}$/.test(c ?? ''))).toBe(true);
    expect(new Set(codes).size).toBe(24);

    const mine = (await placed[0]!.agent.get(`/api/events/${event.id}/pending-orders`)).json();
    expect(mine[0]).toMatchObject({ pickupCode: rows[0]!.pickupCode, fulfilment: null });
  });

  it('puts the code and its QR picture in the receipt', async () => {
    const { taco, event } = await booking();
    const { orderId } = await order(event.id, [{ item: taco, quantity: 1 }], { email: 'qr@example.com' });
    const code = (await orderRow(orderId)).pickupCode!;
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-received'), eq(outbox.recipient, 'qr@example.com')));
    expect(mail!.textBody).toContain(`Your pickup code is ${code}.`);
    const qrPath = `/api/events/${event.id}/pickup-qr?code=${code}`;
    const qrUrl = `${publicBaseUrl(app.ctx.config)}${qrPath}`;
    expect(mail!.htmlBody).toContain(`<img src="${qrUrl}" alt="Pickup code ${code}"`);

    const png = await app.inject({ method: 'GET', url: qrPath });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    const bad = await app.inject({ method: 'GET', url: `/api/events/${event.id}/pickup-qr?code=<script>` });
    expect(bad.statusCode).toBe(400);
  });

  it('shows no code on an order whose card was never authorized', async () => {
    const { taco, event } = await booking();
    const agent = new Agent(app);
    const res = await agent.post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 1, unitPrice: 10.5 }],
      customerName: 'Pending Pat',
      customerEmail: 'pat@example.com',
      amount: 1050,
    });
    const confirm = await agent.post('/api/payments/simulator/confirm', {
      clientSecret: res.json().clientSecret,
      cardNumber: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
    });
    expect(confirm.statusCode).toBe(402);
    const sync = await agent.post(`/api/events/${event.id}/orders/${res.json().orderId}/sync`);
    expect(sync.json()).toMatchObject({ pickupCode: null });
  });
});

describe('the event day: POST /api/orders/{id}/fulfilment', () => {
  it('lists paid orders by code and name, marks one ready (mailing the diner once) and collected', async () => {
    const { truck, taco, drink, event } = await booking();
    const { a, b } = await fundAndCharge(event.id, taco, drink);
    const agent = await signIn(truck);
    // Orders are handed over from 2 hours before the start.
    clock.set(new Date(event.startsAt.getTime() - 2 * 60 * 60 * 1000));

    const day = await agent.get(`/api/bookings/${event.id}/orders`);
    expect(day.statusCode).toBe(200);
    const orders = day.json().orders;
    expect(orders).toHaveLength(2);
    const codeA = (await orderRow(a.orderId)).pickupCode;
    expect(orders.find((o: { id: number }) => o.id === a.orderId)).toMatchObject({
      pickupCode: codeA,
      customerName: 'Ana',
      status: 'charged',
      fulfilment: null,
      items: [{ name: 'Taco', quantity: 3 }],
    });
    expect(day.body).not.toContain('dana@example.com');

    // Two phones at the window tap Ready at once: one change, one e-mail.
    const taps = await Promise.all(
      Array.from({ length: 8 }, () => agent.post(`/api/orders/${a.orderId}/fulfilment`, { state: 'ready' })),
    );
    expect(taps.map((t) => t.statusCode)).toEqual(Array(8).fill(200));
    expect(taps[0]!.json()).toMatchObject({ id: a.orderId, fulfilment: 'ready', pickupCode: codeA });
    const ready = await database.db.select().from(outbox).where(eq(outbox.kind, 'order-ready'));
    const mine = ready.filter((m) => m.textBody.includes(codeA!));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(`Your order is ready: ${event.title}`);
    expect(mine[0]!.textBody).toContain('Taco Loco has your order');

    const collected = await agent.post(`/api/orders/${a.orderId}/fulfilment`, { state: 'collected' });
    expect(collected.json()).toMatchObject({ fulfilment: 'collected' });
    const back = await agent.post(`/api/orders/${a.orderId}/fulfilment`, { state: 'ready' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('This order was already collected');

    // Handed over straight away, without a Ready first: no e-mail.
    const direct = await agent.post(`/api/orders/${b.orderId}/fulfilment`, { state: 'collected' });
    expect(direct.json()).toMatchObject({ fulfilment: 'collected' });
    expect(await database.db.select().from(outbox).where(eq(outbox.kind, 'order-ready'))).toHaveLength(
      ready.length,
    );

    // The diner's own order card sees the state.
    const diner = (await a.agent.get(`/api/events/${event.id}/pending-orders`)).json();
    expect(diner[0]).toMatchObject({ pickupCode: codeA, fulfilment: 'collected' });
    const bookings = (await agent.get('/api/bookings')).json().bookings;
    expect(bookings.find((x: { event: { id: number } }) => x.event.id === event.id).collectedCount).toBe(2);
  });

  it('refuses to hand over an order whose card is only held', async () => {
    const { truck, taco, event } = await booking();
    const { orderId } = await order(event.id, [{ item: taco, quantity: 1 }]);
    const res = await (await signIn(truck)).post(`/api/orders/${orderId}/fulfilment`, { state: 'ready' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not paid yet/);
  });

  it("is only for the event's truck", async () => {
    const { organizer, taco, drink, event } = await booking();
    const { a } = await fundAndCharge(event.id, taco, drink);
    const url = `/api/orders/${a.orderId}/fulfilment`;
    expect((await new Agent(app).post(url, { state: 'ready' })).statusCode).toBe(401);
    expect((await a.agent.post(url, { state: 'ready' })).statusCode).toBe(401); // the diner
    expect((await (await signIn(organizer)).post(url, { state: 'ready' })).statusCode).toBe(403);
    const otherTruck = await signIn(await createTruck(database.db));
    const refused = await otherTruck.post(url, { state: 'ready' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the event's food truck can hand over its orders");
    expect((await otherTruck.get(`/api/bookings/${event.id}/orders`)).statusCode).toBe(403);
    expect((await (await signIn(organizer)).get(`/api/bookings/${event.id}/orders`)).statusCode).toBe(403);
    expect((await orderRow(a.orderId)).fulfilment).toBeNull();
  });

  it('answers bad input with 4xx', async () => {
    const { truck } = await booking();
    const agent = await signIn(truck);
    const bad = await agent.post('/api/orders/1/fulfilment', { state: 'eaten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('State must be "ready" or "collected"');
    expect((await agent.post('/api/orders/999999/fulfilment', { state: 'ready' })).statusCode).toBe(404);
    expect((await agent.post('/api/orders/abc/fulfilment', { state: 'ready' })).statusCode).toBe(400);
    expect((await agent.get('/api/bookings/999999/orders')).statusCode).toBe(404);
  });
});

describe('PATCH /api/menu-items/{id}', () => {
  it('lets the owner edit every field, and a new price never changes orders already placed', async () => {
    const { truck, organizer, taco, event } = await booking({ minimumSales: 100_000 });
    const first = await order(event.id, [{ item: taco, quantity: 2 }]);
    const agent = await signIn(truck);
    const image = toDataUrl(makePng(200, 200));
    const res = await agent.patch(`/api/menu-items/${taco.id}`, {
      name: 'Birria Taco',
      description: 'With consommé',
      price: 12.5,
      category: 'Special Items',
      image,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: taco.id,
      name: 'Birria Taco',
      description: 'With consommé',
      price: '12.50',
      category: 'Special Items',
      isActive: true,
    });
    // The picture is stored as the server re-encoded it, and answered as its URL.
    expect(res.json().image).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    expect((await app.inject({ url: res.json().image })).headers['content-type']).toBe('image/png');

    const before = (await first.agent.get(`/api/events/${event.id}/pending-orders`)).json();
    expect(before[0]).toMatchObject({ totalAmount: '21.00', items: [{ quantity: 2, unitPrice: '10.50' }] });
    const [eventRow] = await database.db.select().from(events).where(eq(events.id, event.id));
    expect(eventRow!.currentSales).toBe(2000);
    // A checkout at the old price is refused; the new one applies to new orders.
    const stale = await new Agent(app).post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 1, unitPrice: 10.5 }],
      customerName: 'Late',
      customerEmail: 'late@example.com',
      amount: 1050,
    });
    expect(stale.statusCode).toBe(409);
    await order(event.id, [{ item: { id: taco.id, price: 1250 }, quantity: 1 }]);
    const view = (await (await signIn(organizer)).get(`/api/events/${event.id}/orders`)).json();
    expect(view.totals.foodSales).toBe('32.50');

    // Removing the picture and the description.
    const cleared = await agent.patch(`/api/menu-items/${taco.id}`, { image: null, description: null });
    expect(cleared.json()).toMatchObject({ image: null, description: null, name: 'Birria Taco' });
  });

  it('switches an item off and on: gone from the public menu, kept on the owner list', async () => {
    const { truck, taco, event } = await booking();
    const agent = await signIn(truck);
    const off = await agent.patch(`/api/menu-items/${taco.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    const publicMenu = (await app.inject({ method: 'GET', url: `/api/menu-items/${truck.id}` })).json();
    expect(publicMenu.map((i: { id: number }) => i.id)).not.toContain(taco.id);
    const own = (await agent.get(`/api/menu-items/${truck.id}?includeInactive=true`)).json();
    expect(own.find((i: { id: number }) => i.id === taco.id)).toMatchObject({ isActive: false });
    const refused = await new Agent(app).post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 1, unitPrice: 10.5 }],
      customerName: 'D',
      customerEmail: 'd@example.com',
      amount: 1050,
    });
    expect(refused.statusCode).toBe(409);

    await agent.patch(`/api/menu-items/${taco.id}`, { isActive: true });
    const again = (await app.inject({ method: 'GET', url: `/api/menu-items/${truck.id}` })).json();
    expect(again.map((i: { id: number }) => i.id)).toContain(taco.id);
  });

  it('keeps a deleted item deleted: not on the owner list, not editable', async () => {
    const { truck, taco, event } = await booking();
    await order(event.id, [{ item: taco, quantity: 1 }]);
    const agent = await signIn(truck);
    await agent.patch(`/api/menu-items/${taco.id}`, { isActive: false });
    const del = await agent.delete(`/api/menu-items/${taco.id}`);
    expect(del.json()).toMatchObject({ deactivated: true });
    const own = (await agent.get(`/api/menu-items/${truck.id}?includeInactive=true`)).json();
    expect(own.map((i: { id: number }) => i.id)).not.toContain(taco.id);
    expect((await agent.patch(`/api/menu-items/${taco.id}`, { isActive: true })).statusCode).toBe(404);
  });

  it('is for the owner only, and answers bad input with its message', async () => {
    const { truck, taco } = await booking();
    const url = `/api/menu-items/${taco.id}`;
    expect((await new Agent(app).patch(url, { name: 'Hacked' })).statusCode).toBe(401);
    expect(
      (await (await signIn(await createUser(database.db))).patch(url, { name: 'Hacked' })).statusCode,
    ).toBe(403);
    const otherTruck = await signIn(await createTruck(database.db));
    const refused = await otherTruck.patch(url, { price: 0.01 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only change your own menu');
    const [row] = await database.db.select().from(menuItems).where(eq(menuItems.id, taco.id));
    expect(row).toMatchObject({ name: 'Taco', price: 1000 });

    const owner = await signIn(truck);
    const badPrice = await owner.patch(url, { price: -1 });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().errors).toMatchObject({ price: 'Price must be greater than 0' });
    expect((await owner.patch(url, { name: '  ' })).json().errors).toMatchObject({
      name: 'Item name is required',
    });
    expect((await owner.patch(url, { category: 'Soup' })).statusCode).toBe(400);
    expect((await owner.patch(url, {})).json().message).toBe('Nothing to change');
    expect((await owner.patch('/api/menu-items/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await new Agent(app).get(`/api/menu-items/${truck.id}?includeInactive=true`)).statusCode).toBe(
      403,
    );
  });
});

describe('creating an event', () => {
  const request = (foodTruckId: number, minimumSales: string, selectedMenuItems?: number[]) => ({
    title: 'Spring Fundraiser',
    date: '2026-12-05',
    startTime: '17:30',
    endTime: '20:00',
    timeZone: 'America/Chicago',
    location: 'Lincoln Elementary',
    expectedDiners: 120,
    minimumSales,
    foodTruckId,
    priceMarkupPercentage: 10,
    selectedMenuItems,
  });

  it("refuses a goal below the truck's minimum sales with a clear message", async () => {
    const truck = await createBookableTruck(database.db, {
      businessName: 'Smoke Shack',
      minimumSales: 50_000,
    });
    const agent = await signIn(await createUser(database.db));
    const res = await agent.post('/api/events', request(truck.id, '0.60'));
    expect(res.statusCode).toBe(400);
    const message = "The sales goal must be at least $500.00, Smoke Shack's minimum sales";
    expect(res.json()).toMatchObject({ message, errors: { minimumSales: message } });
    expect((await agent.post('/api/events', request(truck.id, '500.00'))).statusCode).toBe(201);
  });

  it("offers only the menu items the organizer chose from the truck's menu", async () => {
    const truck = await createTruck(database.db);
    const taco = await createMenuItem(database.db, { foodTruckId: truck.id });
    const other = await createMenuItem(database.db, { foodTruckId: truck.id });
    const agent = await signIn(await createUser(database.db));
    const res = await agent.post('/api/events', request(truck.id, '500.00', [taco.id]));
    expect(res.statusCode).toBe(201);
    const event = (await app.inject({ method: 'GET', url: `/api/events/${res.json().id}` })).json();
    expect(event.menuItemIds).toEqual([taco.id]);
    expect(event.menuItemIds).not.toContain(other.id);
  });
});

describe("the organizer's event view", () => {
  it('lists orders with name, items, status and pickup code, and totals food sales and markup', async () => {
    const { organizer, taco, drink, event } = await booking({ markup: 1000, minimumSales: 100_000 });
    const { orderId } = await order(
      event.id,
      [
        { item: taco, quantity: 2 },
        { item: drink, quantity: 1 },
      ],
      { name: 'Ana', markupBp: 1000 },
    );
    await order(event.id, [{ item: taco, quantity: 1 }], { name: '=cmd|calc', markupBp: 1000 });
    const agent = await signIn(organizer);
    const res = await agent.get(`/api/events/${event.id}/orders`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    // $10 + 10% + 5% = $11.50 a taco, $4.60 a drink; markup $1.00 and $0.40.
    expect(view.totals).toEqual({ foodSales: '34.00', markupRaised: '3.40', orderCount: 2 });
    expect(view.orders).toHaveLength(2);
    const ana = view.orders.find((o: { id: number }) => o.id === orderId);
    expect(ana).toMatchObject({
      customerName: 'Ana',
      status: 'confirmed',
      pickupCode: (await orderRow(orderId)).pickupCode,
      items: [
        { name: 'Taco', quantity: 2, unitPrice: '11.50' },
        { name: 'Horchata', quantity: 1, unitPrice: '4.60' },
      ],
    });
    expect(res.body).not.toContain('dana@example.com');

    const csv = await agent.get(`/api/events/${event.id}/orders.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`event-${event.id}-orders.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Pickup code","Name","Items","Status","Payment","Pickup","Food","Sales tax","Tip","Total","Refunded","Refund reasons","Ordered at","Note","Promo code discount","Gift","Gift fee","Currency"',
    );
    expect(lines[1]).toContain(
      ',"Ana","2 × Taco, 1 × Horchata","confirmed","Card held, not charged yet","","24.00","0.00","0.00","27.60","0.00","",',
    );
    // A name that looks like a formula stays text in a spreadsheet.
    expect(lines[2]).toContain(`,"'=cmd|calc",`);
  });

  it("is for the event's organizer and admins only", async () => {
    const { truck, event } = await booking();
    const url = `/api/events/${event.id}/orders`;
    expect((await new Agent(app).get(url)).statusCode).toBe(401);
    expect((await new Agent(app).get(`${url}.csv`)).statusCode).toBe(401);
    const stranger = await signIn(await createUser(database.db));
    expect((await stranger.get(url)).statusCode).toBe(403);
    expect((await stranger.get(`${url}.csv`)).statusCode).toBe(403);
    expect((await (await signIn(truck)).get(url)).statusCode).toBe(403);
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));
    expect((await admin.get(url)).statusCode).toBe(200);
    expect((await admin.get('/api/events/999999/orders')).statusCode).toBe(404);
  });
});

describe('admin: hiding an event', () => {
  it('lists events for admins, and hides one from everyone but its organizer, its truck and admins', async () => {
    const { organizer, truck, taco, event } = await booking();
    const diner = await order(event.id, [{ item: taco, quantity: 1 }]);
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));

    const list = await admin.get(`/api/admin/events?q=${encodeURIComponent(event.title)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, events: [{ id: event.id, hidden: false }] });
    expect(list.json().events[0]).toMatchObject({
      foodTruckName: 'Taco Loco',
      organizerName: organizer.username,
    });

    const hide = await admin.post(`/api/admin/events/${event.id}/hidden`, { hidden: true, reason: 'Spam' });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ id: event.id, hidden: true, status: 'approved' });

    const publicList = (await app.inject({ method: 'GET', url: '/api/events/public' })).json().events;
    expect(publicList.map((e: { id: number }) => e.id)).not.toContain(event.id);
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).statusCode).toBe(404);
    // Its own diners still see it, and their order (decision 128).
    expect((await diner.agent.get(`/api/events/${event.id}`)).statusCode).toBe(200);
    expect((await diner.agent.get(`/api/events/${event.id}/pending-orders`)).json()).toHaveLength(1);
    const stranger = await signIn(await createUser(database.db));
    expect((await stranger.get(`/api/events/${event.id}`)).statusCode).toBe(404);
    const newOrder = await new Agent(app).post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 1, unitPrice: 10.5 }],
      customerName: 'D',
      customerEmail: 'd@example.com',
      amount: 1050,
    });
    expect(newOrder.statusCode).toBe(404);
    for (const who of [organizer, truck]) {
      const res = await (await signIn(who)).get(`/api/events/${event.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ hidden: true });
    }
    expect((await admin.get(`/api/events/${event.id}`)).statusCode).toBe(200);
    expect(
      (await admin.get('/api/admin/events?hidden=true')).json().events.map((e: { id: number }) => e.id),
    ).toContain(event.id);

    await admin.post(`/api/admin/events/${event.id}/hidden`, { hidden: false });
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).statusCode).toBe(200);
    const back = (await app.inject({ method: 'GET', url: '/api/events/public' })).json().events;
    expect(back.map((e: { id: number }) => e.id)).toContain(event.id);
  });

  it('pages the overview', async () => {
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));
    const first = (await admin.get('/api/admin/events')).json();
    expect(first.pageSize).toBe(25);
    expect(first.events.length).toBe(Math.min(25, first.total));
    // Pages follow by cursor; the last one says there is no next.
    let page = first;
    let pages = 1;
    while (page.nextCursor) {
      page = (await admin.get(`/api/admin/events?cursor=${encodeURIComponent(page.nextCursor)}`)).json();
      pages++;
    }
    expect(pages).toBe(Math.max(1, Math.ceil(first.total / 25)));
    expect(page).toMatchObject({ total: first.total, nextCursor: null });
  });

  it('is for admins only', async () => {
    const { organizer, truck, event } = await booking();
    const url = `/api/admin/events/${event.id}/hidden`;
    const hide = { hidden: true, reason: 'Spam' };
    expect((await new Agent(app).post(url, hide)).statusCode).toBe(401);
    expect((await new Agent(app).get('/api/admin/events')).statusCode).toBe(401);
    for (const who of [organizer, truck]) {
      const agent = await signIn(who);
      expect((await agent.post(url, hide)).statusCode).toBe(403);
      expect((await agent.get('/api/admin/events')).statusCode).toBe(403);
    }
    const [row] = await database.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.hidden).toBe(false);
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));
    expect(
      (await admin.post('/api/admin/events/999999/hidden', { hidden: true, reason: 'Spam' })).statusCode,
    ).toBe(404);
    expect((await admin.post(url, { hidden: 'yes' })).statusCode).toBe(400);
  });
});
