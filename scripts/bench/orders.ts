/**
 * Orders into one event, measured on PostgreSQL: diners check out over HTTP as the event page does
 * (create-payment-intent, the simulator's card form, then the sync call), 50 at a time, against one app
 * instance and then two instances on the same database, each in its own process. The reference is the
 * floor: the smallest durable order the schema allows (one transaction inserting an order and its line
 * and adding it to the event's sales) at the same concurrency, on the same database in the same run.
 * Afterwards the event's `currentSales` is checked against the sum of the orders that count, to the cent,
 * and a few orders placed one after another give the SQL statements and transactions per order.
 *
 * Throughput on a shared machine says little on its own, so each run also measures what an order costs
 * in CPU time: the app instances' (from the processes themselves), PostgreSQL's (its backends serving
 * the bench database, from /proc) and the load generator's (this process). Their sum bounds what this
 * machine can reach, whatever the app does with its share: cores × 1000 ÷ (ms of CPU per order).
 *
 * The payment simulator answers at once (no pretend latency) and the per-address order limit is off:
 * every diner here comes from 127.0.0.1, which that limit exists to stop. Each instance has another
 * event's public answer in its cache, as a live instance always has something there: so every write
 * waits for its catch-up with the cache's notifications, as it does in production.
 *
 * `npm run bench` pins its own process (the load generator) to one core, and a child inherits that
 * pinning; the instances here are given every core explicitly, unless BENCH_PIN asks for one core each.
 *
 *   BENCH_DATABASE_URL   PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ORDER_SECONDS  seconds per measurement (default 8)
 *   BENCH_ORDER_CLIENTS  concurrent diners (default 50)
 *   BENCH_PIN            1: pin each instance to its own core with taskset (default off)
 *   BENCH_ORDER_WARM_CACHE  0: leave the instances' public-read caches empty, as this bench once did
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { printFigures, type Figure } from './figure.ts';
import { agent, CLIENTS, Diner, TOTAL_CENTS, UNIT_CENTS } from './orders-diner.ts';
import { Instance } from './orders-instance.ts';
import { meterDatabaseCpu, watchLockWaits } from './orders-meters.ts';

const SECONDS = Number(process.env.BENCH_ORDER_SECONDS ?? 8);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_ORDERS_PER_SECOND = 500;
/** Orders through the app against the floor (the smallest durable order), at the same concurrency. */
const FLOOR_RATIO_GOAL = 0.35;
const SELF = fileURLToPath(import.meta.url);
const WARM_CACHE = process.env.BENCH_ORDER_WARM_CACHE !== '0';
const CORES = os.cpus().length;

// ---------------------------------------------------------------------------------------------------

interface Scene {
  url: string;
  eventId: number;
  itemId: number;
  /** Another event, whose public answer each instance keeps in its cache */
  otherEventId: number;
  close(): Promise<void>;
}

/** A fresh database with one truck, one $10 item and one approved event whose goal is out of reach. */
async function openScene(): Promise<Scene> {
  const { openScratchDatabase } = await import('../../src/server/db/scratch-database.ts');
  const factories = await import('../../src/server/seed/factories.ts');
  const database = await openScratchDatabase(SERVER_URL, 'bench_orders');
  const db = database.db;
  const organizer = await factories.createUser(db);
  const truck = await factories.createTruck(db);
  const item = await factories.createMenuItem(db, { foodTruckId: truck.id, price: UNIT_CENTS });
  const event = await factories.createEvent(db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    minimumSales: 1_000_000_000,
    daysAhead: 2,
  });
  const other = await factories.createEvent(db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    daysAhead: 3,
  });
  return {
    url: database.url!,
    eventId: event.id,
    itemId: item.id,
    otherEventId: other.id,
    close: () => database.close(),
  };
}

let dinerNumber = 0;

interface Drive {
  perSecond: number;
  held: number;
  lockWaits: number;
  /** CPU time per order, in ms, while the diners were checking out */
  cpu: { app: number; database: number; load: number };
}

/** `CLIENTS` diners checking out for `SECONDS`, spread over the instances; answers orders per second. */
async function driveOrders(scene: Scene, instances: Instance[]): Promise<Drive> {
  const diners = Array.from({ length: CLIENTS }, (_, i) => new Diner(instances[i % instances.length]!.port));
  // Each diner's browser has its session before it orders, as on the event page.
  await Promise.all(diners.map((d) => d.request('GET', `/api/events/${scene.eventId}/pending-orders`)));
  // Something in each instance's public-read cache, so every write waits for its catch-up.
  if (WARM_CACHE)
    await Promise.all(
      diners.slice(0, instances.length).map((d) => d.request('GET', `/api/events/${scene.otherEventId}`)),
    );
  const warmUntil = performance.now() + 1500;
  await Promise.all(
    diners.map(async (d) => {
      while (performance.now() < warmUntil) await d.checkout(scene.eventId, scene.itemId, dinerNumber++);
    }),
  );
  let held = 0;
  let completed = 0;
  const appBefore = await Promise.all(instances.map((i) => i.counts()));
  const loadBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const watching = watchLockWaits(scene.url, deadline);
  await Promise.all(
    diners.map(async (d) => {
      while (performance.now() < deadline) {
        if (await d.checkout(scene.eventId, scene.itemId, dinerNumber++)) held++;
        completed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const load = process.cpuUsage(loadBefore);
  const appAfter = await Promise.all(instances.map((i) => i.counts()));
  const watched = await watching;
  const appMs = appAfter.reduce((sum, after, i) => sum + after.cpuMs - appBefore[i]!.cpuMs, 0);
  return {
    perSecond: completed / seconds,
    held,
    lockWaits: watched.lockWaits,
    cpu: {
      app: appMs / completed,
      database: watched.databaseCpuMs / completed,
      load: (load.user + load.system) / 1000 / completed,
    },
  };
}

/**
 * The reference, the floor: the smallest durable order the schema allows, as many at once. One
 * transaction inserts an order (held, so it counts) and its line into the real tables, with their
 * indexes and triggers (the pickup code, the notifications), and adds its food to the event's sales.
 */
async function driveReference(scene: Scene): Promise<number> {
  const pool = new pg.Pool({ connectionString: scene.url, max: 20 });
  let n = 0;
  const once = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: number }>({
        name: 'floor-order',
        text: `insert into pending_orders (event_id, customer_name, customer_email, status, total_amount,
                 subtotal_amount, authorized_at)
               values ($1, 'Floor diner', $2, 'confirmed', $3, $4, now()) returning id`,
        values: [scene.eventId, `floor${n++}@example.com`, TOTAL_CENTS / 100, UNIT_CENTS / 100],
      });
      await client.query({
        name: 'floor-line',
        text: `insert into pending_order_items (pending_order_id, menu_item_id, quantity, price_at_time, base_price_at_time)
               values ($1, $2, 1, $3, $4)`,
        values: [rows[0]!.id, scene.itemId, TOTAL_CENTS / 100, UNIT_CENTS / 100],
      });
      await client.query({
        name: 'floor-count',
        text: 'update events set current_sales = current_sales + $2 where id = $1',
        values: [scene.eventId, UNIT_CENTS / 100],
      });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  const run = async (seconds: number) => {
    let done = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) {
          await once();
          done++;
        }
      }),
    );
    return done / ((performance.now() - started) / 1000);
  };
  await run(1);
  const perSecond = await run(SECONDS);
  await pool.end();
  return perSecond;
}

/** The event's sales against the orders that count, to the cent. */
async function checkSales(scene: Scene): Promise<{ exact: boolean; text: string }> {
  const client = new pg.Client({ connectionString: scene.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ current: string; counted: string; orders: string }>(
      `select e.current_sales::text as current,
              coalesce(sum(o.subtotal_amount) filter (where o.status in ('confirmed', 'charged') and o.refund_due_at is null), 0)::text as counted,
              count(o.id) filter (where o.status in ('confirmed', 'charged'))::text as orders
         from events e left join pending_orders o on o.event_id = e.id
        where e.id = $1 group by e.id`,
      [scene.eventId],
    );
    const row = rows[0]!;
    const exact =
      row.current === row.counted && Number(row.counted) === Number(row.orders) * (UNIT_CENTS / 100);
    return {
      exact,
      text: `currentSales ${row.current} = sum of ${row.orders} counted orders ${row.counted}: ${exact ? 'exact' : 'MISMATCH'}`,
    };
  } finally {
    await client.end();
  }
}

/**
 * Orders placed one at a time through one instance: statements and transactions per order, and the CPU
 * time the app and PostgreSQL spend on one order when nothing else is competing for the event's row.
 */
async function countStatements(scene: Scene, instance: Instance, orders = 100) {
  const diner = new Diner(instance.port);
  await diner.request('GET', `/api/events/${scene.eventId}/pending-orders`);
  if (WARM_CACHE) await diner.request('GET', `/api/events/${scene.otherEventId}`);
  for (let i = 0; i < 10; i++) await diner.checkout(scene.eventId, scene.itemId, dinerNumber++);
  const client = new pg.Client({ connectionString: scene.url });
  await client.connect();
  try {
    const databaseCpu = await meterDatabaseCpu(client);
    const before = await instance.counts();
    for (let i = 0; i < orders; i++) await diner.checkout(scene.eventId, scene.itemId, dinerNumber++);
    const after = await instance.counts();
    return {
      statements: (after.statements - before.statements) / orders,
      transactions: (after.transactions - before.transactions) / orders,
      simulator: (after.simulator - before.simulator) / orders,
      catchUps: (after.catchUps - before.catchUps) / orders,
      cpuMs: (after.cpuMs - before.cpuMs) / orders,
      databaseCpuMs: (await databaseCpu()) / orders,
    };
  } finally {
    await client.end();
  }
}

export async function benchOrders(): Promise<Figure[]> {
  const pin = process.env.BENCH_PIN === '1';
  const scene = await openScene();
  try {
    const reference = await driveReference(scene);
    const referenceText = `the floor (order + line + count in one transaction) ${Math.round(reference).toLocaleString('en-US')}/s`;

    const one = await Instance.start(scene.url, pin ? 0 : undefined);
    const perOrder = await countStatements(scene, one, 200);
    const single = await driveOrders(scene, [one]);
    const second = await Instance.start(scene.url, pin ? 1 : undefined);
    const double = await driveOrders(scene, [one, second]);
    await Promise.all([one.stop(), second.stop()]);
    const check = await checkSales(scene);

    const figure = (name: string, value: number, detail: string): Figure => ({
      name,
      value: Math.round(value),
      unit: 'orders/s',
      ratio: value / reference,
      reference: referenceText,
      goal: `≥ ${FLOOR_RATIO_GOAL} of the floor (and ${GOAL_ORDERS_PER_SECOND} orders/s)`,
      met: value / reference >= FLOOR_RATIO_GOAL,
      detail,
    });
    const cpuFigure = (name: string, drive: Drive): Figure => {
      const { app, database, load } = drive.cpu;
      const total = app + database + load;
      const bound = (CORES * 1000) / total;
      return {
        name,
        value: Math.round(total * 100) / 100,
        unit: 'ms',
        goal: `≤ ${((CORES * 1000) / GOAL_ORDERS_PER_SECOND).toFixed(1)} ms (${GOAL_ORDERS_PER_SECOND}/s on ${CORES} cores)`,
        met: bound >= GOAL_ORDERS_PER_SECOND,
        detail: `app ${app.toFixed(2)} + PostgreSQL ${database.toFixed(2)} + load generator ${load.toFixed(2)} ms: at most ${Math.round(bound)} orders/s on this machine's ${CORES} cores`,
      };
    };
    const placement = pin ? 'one core each' : `instances on all ${CORES} cores`;
    return [
      figure(
        'orders into one event, 1 instance (PostgreSQL)',
        single.perSecond,
        `${CLIENTS} diners, ${SECONDS} s, ${placement}; ${(single.lockWaits * 100).toFixed(0)}% of busy connections waiting on a lock`,
      ),
      figure(
        'orders into one event, 2 instances (PostgreSQL)',
        double.perSecond,
        `${(double.perSecond / single.perSecond).toFixed(2)} × one instance; ${(double.lockWaits * 100).toFixed(0)}% of busy connections waiting on a lock`,
      ),
      cpuFigure('CPU per order under load, 1 instance', single),
      cpuFigure('CPU per order under load, 2 instances', double),
      {
        name: 'SQL statements per order',
        value: Math.round(perOrder.statements * 10) / 10,
        unit: 'statements',
        goal: 'fewer round trips',
        met: true,
        detail: `${perOrder.transactions.toFixed(1)} transactions; ${perOrder.simulator.toFixed(1)} of the statements are the payment simulator's (Stripe's side), ${perOrder.catchUps.toFixed(1)} the public-read cache's catch-up (select 1)`,
      },
      {
        name: 'app CPU per order (one at a time)',
        value: Math.round(perOrder.cpuMs * 100) / 100,
        unit: 'ms',
        goal: '≤ 2 ms (500/s on one core)',
        met: perOrder.cpuMs <= 2,
        detail: `at most ${Math.round(1000 / perOrder.cpuMs)} orders/s per core of app time; the payment simulator's share included; PostgreSQL ${perOrder.databaseCpuMs.toFixed(2)} ms`,
      },
      {
        name: 'currentSales after the runs',
        value: check.exact ? 1 : 0,
        unit: check.exact ? 'exact' : 'WRONG',
        goal: 'exact to the cent',
        met: check.exact,
        detail: check.text,
      },
    ];
  } finally {
    agent.destroy();
    await scene.close();
  }
}

if (process.argv[1] === SELF) {
  printFigures('Orders into one event (PostgreSQL, create + card + sync per order)', await benchOrders());
}
