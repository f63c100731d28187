/**
 * The capture fan-out, measured: 1,000 held orders of one event whose goal has just been reached, captured
 * through the simulator with a pretend 50 ms of network latency per call and a 100 requests/s limit
 * shared by the instances (Stripe's live limit). The floor is 10 s (1,000 calls at 100/s); the goal is
 * within 12 s. Prints the time, captures per second, and the ratio to that floor.
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import type { SimulatorGateway } from '../src/server/adapters/payments/simulator-gateway';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { openScratchDatabase } from '../src/server/db/scratch-database';
import { pendingOrders } from '../src/server/db/schema';
import { applyPaymentIntent } from '../src/server/orders/sync-order';
import { createEvent, createMenuItem, createTruck, createUser } from '../src/server/seed/factories';
import type { Figure } from './bench/figure';

const ORDERS = Number(process.env.BENCH_CAPTURE_ORDERS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const LATENCY_MS = Number(process.env.BENCH_LATENCY ?? 50);

function config(extra: Record<string, string>) {
  return loadConfig({
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
    RECONCILER_INTERVAL_MS: '0',
    DATA_DIR: '/tmp/foodtruck-bench',
    ...extra,
  });
}

/**
 * A fresh database for one measurement: on the PostgreSQL server of BENCH_DATABASE_URL when it is set
 * (a new database, dropped afterwards), else embedded PGlite in memory.
 */
export async function openBenchDatabase(): Promise<Database & { label: string }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database = await openScratchDatabase(serverUrl, 'bench');
  return Object.assign(database, { label: serverUrl ? 'PostgreSQL' : 'embedded PGlite' });
}

export async function benchCaptures(database: Database & { label: string }): Promise<Figure[]> {
  // Orders are placed through an instance without latency or pacing, so setting up stays quick.
  const setup = await buildApp(config({}), { database, serveClient: false });
  const db = database.db;
  const organizer = await createUser(db);
  const truck = await createTruck(db);
  const item = await createMenuItem(db, { foodTruckId: truck.id, price: 1000 });
  const event = await createEvent(db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    minimumSales: ORDERS * 1000,
    daysAhead: 2,
  });
  const simulator = setup.ctx.payments as SimulatorGateway;
  const place = async (i: number) => {
    const [order] = await db
      .insert(pendingOrders)
      .values({
        eventId: event.id,
        customerName: `Diner ${i}`,
        customerEmail: `diner${i}@example.com`,
        totalAmount: 1050,
        subtotalAmount: 1000,
        status: 'pending',
      })
      .returning();
    const intent = await simulator.createPaymentIntent({
      amount: 1050,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: `intent:${order!.id}`,
      metadata: { orderId: String(order!.id), eventId: String(event.id), item: String(item.id) },
    });
    await db
      .update(pendingOrders)
      .set({ stripePaymentIntentId: intent.id })
      .where(eq(pendingOrders.id, order!.id));
    await simulator.confirmWithCard(intent.clientSecret!, '4242424242424242');
    await applyPaymentIntent(setup.ctx, await simulator.retrievePaymentIntent(intent.id));
  };
  for (let i = 0; i < ORDERS; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, ORDERS - i) }, (_, j) => place(i + j)));
  }
  await simulator.flushEvents();
  await setup.close();

  const app = await buildApp(
    config({ SIMULATOR_LATENCY_MS: String(LATENCY_MS), PAYMENT_REQUESTS_PER_SECOND: String(RATE) }),
    { database, serveClient: false },
  );
  const started = performance.now();
  await app.ctx.reconciler.runOnce();
  await (app.ctx.payments as SimulatorGateway).flushEvents();
  const seconds = (performance.now() - started) / 1000;
  const charged = await db
    .select({ id: pendingOrders.id })
    .from(pendingOrders)
    .where(eq(pendingOrders.status, 'charged'));
  await app.close();
  const floor = ORDERS / RATE;
  return [
    {
      name: `capture ${ORDERS} held orders (${database.label})`,
      value: Number(seconds.toFixed(2)),
      unit: 's',
      ratio: seconds / floor,
      reference: `the ${floor.toFixed(0)} s floor of ${RATE} calls/s`,
      goal: '≤ 12 s',
      met: seconds <= 12 && charged.length === ORDERS,
      detail: `${(charged.length / seconds).toFixed(0)} captures/s, ${LATENCY_MS} ms latency, charged ${charged.length}/${ORDERS}`,
    },
  ];
}
