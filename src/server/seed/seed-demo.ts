import { eq, inArray, sql } from 'drizzle-orm';
import { computeUnitPrice } from '../../core/pricing';
import { calendarDateInZone } from '../../core/time';
import { isSimulatorGateway } from '../adapters/payments/simulator-gateway';
import { verifyPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { outbox, tourProgress, users } from '../db/schema';
import { captureFundedOrders } from '../orders/capture-funded-orders';
import { createOrder } from '../orders/create-order';
import { addDemoPictures } from './demo-pictures';
import { SPANISH_DEMO_LOGINS, SPANISH_DEMO_WORK, seedSpanishDemo } from './demo-languages';
import { seedDemoPlaces } from './demo-places';
import { createEvent, createMenuItem, createTruck, createUser } from './factories';

export interface DemoLogin {
  role: string;
  username: string;
  password: string;
}

/**
 * The one password of the demo accounts. It exists only in a fresh embedded database seeded for a
 * newcomer (SEED_DEMO); no other start creates an account with a known password (decision 120).
 */
export const DEMO_PASSWORD = 'password123';

export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'Event Organizer', username: 'olivia', password: DEMO_PASSWORD },
  { role: 'Food Truck Owner', username: 'tacoloco', password: DEMO_PASSWORD },
  { role: 'Food Truck Owner', username: 'smokeshack', password: DEMO_PASSWORD },
  { role: 'Administrator', username: 'admin', password: DEMO_PASSWORD },
  ...SPANISH_DEMO_LOGINS.map((login) => ({ ...login, password: DEMO_PASSWORD })),
];

/**
 * The demo logins that still work: each demo account that exists and still has the demo password.
 * The start banner prints only these, so it never shows a password that is not the demo one, nor
 * one that its owner has changed.
 */
export async function demoLoginsInUse(db: DbOrTx): Promise<DemoLogin[]> {
  const rows = await db
    .select({ usernameKey: users.usernameKey, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.usernameKey,
        DEMO_LOGINS.map((l) => l.username),
      ),
    );
  const checks = await Promise.all(
    DEMO_LOGINS.map(async (login) => {
      const row = rows.find((r) => r.usernameKey === login.username);
      return row !== undefined && (await verifyPassword(row.passwordHash, login.password));
    }),
  );
  return DEMO_LOGINS.filter((_, i) => checks[i]);
}

const ZONE = 'America/Chicago';
const DINERS = [
  'Ava',
  'Ben',
  'Chloe',
  'Diego',
  'Emma',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kai',
  'Lena',
];

/** Every so often a demo order carries a note to the truck (null: none). */
const DEMO_NOTES: Array<string | null> = [
  null,
  'No onions, please',
  null,
  null,
  'Extra salsa on the side',
  null,
  null,
];

/** The seed's units of work, for its progress: accounts, menus and events, pictures, pre-orders, charges. */
const DEMO_ORDERS = 32 + 5;
const DEMO_WORK = 4 + 2 + 5 + 1 + DEMO_ORDERS + 1 + SPANISH_DEMO_WORK;

/**
 * A living marketplace for a newcomer's first `npm start`: two trucks with menus, an organizer with
 * events in several states, and real pre-orders placed through the same use cases (and the payment
 * simulator) as a diner's. Runs once: a database that has users is left alone. `onProgress` hears how
 * much of the work is done (the start shows it, decision 112).
 */
export async function seedDemo(
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments' | 'reconciler' | 'log'>,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ seeded: boolean }> {
  const { db } = ctx;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };
  const now = ctx.now();
  let done = 0;
  const progressed = <T>(value: T): T => {
    done = Math.min(done + 1, DEMO_WORK);
    onProgress(done, DEMO_WORK);
    return value;
  };
  onProgress(0, DEMO_WORK);

  const olivia = progressed(
    await createUser(db, {
      username: 'olivia',
      role: 'organizer',
      password: DEMO_PASSWORD,
      contactEmail: 'olivia@example.com',
    }),
  );
  progressed(await createUser(db, { username: 'admin', role: 'admin', password: DEMO_PASSWORD }));
  const taco = progressed(
    await createTruck(db, { username: 'tacoloco', password: DEMO_PASSWORD, minimumSales: 50_000 }),
  );
  const smoke = await createTruck(db, {
    username: 'smokeshack',
    password: DEMO_PASSWORD,
    businessName: 'The Smoke Shack',
    cuisine: 'BBQ',
    description: 'Low and slow Texas barbecue, brisket smoked for 14 hours.',
    minimumSales: 30_000,
    location: 'Round Rock, TX',
    contactEmail: 'pit@smokeshack.example',
    phone: '(512) 555-0142',
  });
  progressed(smoke);
  // A Spanish-speaking organizer's event with a truck selling in pesos (issue 41).
  const spanish = await seedSpanishDemo(db, now, DEMO_PASSWORD, progressed);
  await seedDemoPlaces(db, [taco.id, smoke.id, spanish.kermes.foodTruckId], now);
  // Demo accounts are shared, not new: the tour doesn't start by itself for them; Restart tour on the
  // profile (or Take the tour in the chat) still opens it (decision 159).
  await db
    .insert(tourProgress)
    .values([olivia, taco, smoke].map((u) => ({ userId: u.id, updatedAt: now })))
    .onConflictDoNothing();

  const tacoMenu = [
    await createMenuItem(db, {
      foodTruckId: taco.id,
      name: 'Al Pastor Taco',
      price: 450,
      category: 'Entree',
      description: 'Marinated pork, pineapple, cilantro, onion',
      dietaryTags: ['dairy-free', 'gluten-free'],
      allergens: [],
    }),
    await createMenuItem(db, {
      foodTruckId: taco.id,
      name: 'Carnitas Burrito',
      price: 1100,
      category: 'Entree',
      description: 'Slow-cooked pork, rice, beans, salsa roja',
      dietaryTags: ['dairy-free'],
      allergens: ['wheat'],
    }),
    await createMenuItem(db, {
      foodTruckId: taco.id,
      name: 'Chips & Guacamole',
      price: 600,
      category: 'Appetizer',
      description: 'Made to order',
      dietaryTags: ['vegan', 'vegetarian', 'gluten-free', 'dairy-free'],
      allergens: [],
    }),
    await createMenuItem(db, {
      foodTruckId: taco.id,
      name: 'Elote',
      price: 500,
      category: 'Side',
      description: 'Grilled corn, cotija, chile',
      dietaryTags: ['vegetarian', 'gluten-free'],
      allergens: ['milk', 'eggs'],
    }),
    await createMenuItem(db, {
      foodTruckId: taco.id,
      name: 'Horchata',
      price: 350,
      category: 'Drink',
      description: 'Rice, cinnamon, a little milk',
      dietaryTags: ['vegetarian', 'gluten-free'],
      allergens: ['milk'],
    }),
    await createMenuItem(db, {
      foodTruckId: taco.id,
      name: 'Churros',
      price: 550,
      category: 'Dessert',
      description: 'With chocolate sauce',
      dietaryTags: ['vegetarian'],
      allergens: ['wheat', 'milk', 'eggs', 'soy'],
    }),
  ];
  progressed(tacoMenu);
  const smokeMenu = [
    await createMenuItem(db, {
      foodTruckId: smoke.id,
      name: 'Brisket Plate',
      price: 1600,
      category: 'Entree',
      description: 'Half pound brisket, two sides',
      dietaryTags: ['gluten-free'],
      allergens: ['milk'],
    }),
    await createMenuItem(db, {
      foodTruckId: smoke.id,
      name: 'Pulled Pork Sandwich',
      price: 1200,
      category: 'Entree',
      description: 'With slaw on a brioche bun',
      dietaryTags: [],
      allergens: ['wheat', 'eggs', 'milk', 'sesame'],
    }),
    await createMenuItem(db, {
      foodTruckId: smoke.id,
      name: 'Mac & Cheese',
      price: 500,
      category: 'Side',
      description: null,
      dietaryTags: ['vegetarian'],
      allergens: ['milk', 'wheat'],
    }),
    await createMenuItem(db, {
      foodTruckId: smoke.id,
      name: 'Sweet Tea',
      price: 300,
      category: 'Drink',
      description: null,
      dietaryTags: ['vegan', 'vegetarian', 'gluten-free', 'dairy-free'],
    }),
    await createMenuItem(db, {
      foodTruckId: smoke.id,
      name: 'Pitmaster Combo',
      price: 2400,
      category: 'Combo',
      description: 'Brisket, ribs, sausage, two sides',
      // Ribs run out: eight combos an event, so the menu says "8 left" (stock per event, decision 196).
      stockPerEvent: 8,
      dietaryTags: [],
      allergens: ['milk', 'wheat', 'soy'],
    }),
  ];
  progressed(smokeMenu);

  const at = (days: number, start = '17:30', end = '20:30') => {
    const date = calendarDateInZone(new Date(now.getTime() + days * 24 * 60 * 60 * 1000), ZONE);
    return { date, startTime: start, endTime: end, timeZone: ZONE, now };
  };

  const fundraiser = await createEvent(db, {
    organizerId: olivia.id,
    foodTruckId: taco.id,
    title: 'Lincoln Elementary Spring Fundraiser',
    location: 'Lincoln Elementary, 1200 Main St, Austin, TX',
    expectedDiners: 150,
    minimumSales: 50_000,
    priceMarkupPercentage: 1000,
    cause:
      'Our PTA is raising money for the school library: the 10% markup on every taco buys new books for our 400 students.\nThank you for coming hungry!',
    ...at(5),
    approvalDate: now,
  });
  progressed(fundraiser);
  await addDemoPictures(
    db,
    [
      { id: taco.id, colours: ['#f97316', '#b91c1c'] },
      { id: smoke.id, colours: ['#78350f', '#1c1917'] },
    ],
    { eventId: fundraiser.id, organizerId: olivia.id, colours: ['#16a34a', '#0e7490'] },
  );
  progressed(undefined);
  const soccer = await createEvent(db, {
    organizerId: olivia.id,
    foodTruckId: smoke.id,
    title: 'Riverside Soccer Club Family Night',
    location: 'Riverside Park, 500 River Rd, Austin, TX',
    expectedDiners: 60,
    minimumSales: 30_000,
    cause: 'A family evening to welcome new players to the club before the spring season.',
    ...at(3, '18:00', '21:00'),
    approvalDate: now,
  });
  progressed(soccer);
  const library = await createEvent(db, {
    organizerId: olivia.id,
    foodTruckId: taco.id,
    title: 'Downtown Library Book Fair',
    location: 'Central Library, 710 W Cesar Chavez St, Austin, TX',
    expectedDiners: 80,
    minimumSales: 20_000,
    priceMarkupPercentage: 500,
    ...at(2, '11:00', '14:00'),
    approvalDate: now,
  });
  progressed(library);
  await createEvent(db, {
    organizerId: olivia.id,
    foodTruckId: smoke.id,
    title: 'Maple Street Block Party',
    status: 'pending_approval',
    location: 'Maple St & 5th Ave, Austin, TX',
    expectedDiners: 120,
    minimumSales: 30_000,
    ...at(12),
    approvalExpiryDate: new Date(now.getTime() + 20 * 60 * 60 * 1000),
    approvalDate: null,
  });
  progressed(undefined);
  const picnic = await createEvent(db, {
    organizerId: olivia.id,
    foodTruckId: taco.id,
    title: 'St. Mark’s Community Picnic',
    location: 'Zilker Park, Austin, TX',
    expectedDiners: 200,
    minimumSales: 60_000,
    ...at(14, '12:00', '15:00'),
    approvalDate: now,
  });
  progressed(picnic);

  if (isSimulatorGateway(ctx.payments)) {
    const simulator = ctx.payments;
    let n = 0;
    /** One diner's order of `lines`, each [menu item, its base price in cents, quantity]. */
    const order = async (eventId: number, markup: number, lines: Array<[number, number, number]>) => {
      const name = DINERS[n++ % DINERS.length]!;
      const items = lines.map(([menuItemId, , quantity]) => ({ menuItemId, quantity }));
      const amount = lines.reduce(
        (sum, [, base, quantity]) => sum + computeUnitPrice(base, markup) * quantity,
        0,
      );
      const created = await createOrder(
        ctx,
        eventId,
        {
          items,
          customerName: name,
          customerEmail: `${name.toLowerCase()}@example.com`,
          amount,
          // A few diners ask for something, as diners do.
          note: DEMO_NOTES[n % DEMO_NOTES.length] ?? null,
        },
        {
          visitorKey: `demo-${n}`,
          idempotencyKey: undefined,
        },
      );
      await simulator.confirmWithCard(created.clientSecret, '4242424242424242');
      progressed(created);
    };
    /** `count` diners, each ordering the same `lines`. */
    const orders = async (
      count: number,
      eventId: number,
      markup: number,
      ...lines: Array<[number, number, number]>
    ) => {
      for (let i = 0; i < count; i++) await order(eventId, markup, lines);
    };
    const [pastor, burrito, chips, elote, horchata, churros] = tacoMenu.map((i) => i.id) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const pork = smokeMenu[1]!.id;

    // About 40% of the way to $500.
    await orders(6, fundraiser.id, 1000, [burrito, 1100, 1], [pastor, 450, 2], [horchata, 350, 1]);
    // One order short of its $300 goal: $288 of food, so one more $12 sandwich funds it.
    await orders(8, soccer.id, 0, [pork, 1200, 2]);
    await orders(8, soccer.id, 0, [pork, 1200, 1]);
    // Funded ($231 of a $200 goal): every card is charged below.
    await orders(7, library.id, 500, [chips, 600, 2], [elote, 500, 2], [churros, 550, 2]);
    // Two weeks out: cards are saved, not held, and charged when the goal is met.
    await orders(3, picnic.id, 0, [burrito, 1100, 2]);
    // MX$1,025 of food toward a MX$8,000 goal (in centavos), held on the diners’ cards.
    await orders(5, spanish.kermes.id, 1000, [spanish.tacos, 9_000, 2], [spanish.agua, 2_500, 1]);
    await captureFundedOrders(ctx);
    progressed(undefined);
    // Demo diners are not real people: their receipts are not sent anywhere.
    await db.delete(outbox).where(eq(outbox.status, 'pending'));
  }
  onProgress(DEMO_WORK, DEMO_WORK);
  return { seeded: true };
}
