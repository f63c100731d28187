import type { DbOrTx } from '../db/client';
import { computeEventInstants } from '../../core/zoned-time';
import { events, menuItems, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { normalizeUsername } from '../../core/schemas/auth';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export type NewUser = typeof users.$inferInsert;

/**
 * A valid user row with overrides; `password` is hashed for you. Tests and the demo seed use it.
 * Its e-mail address counts as confirmed unless `emailVerified` says otherwise (decision 120).
 */
export async function createUser(
  db: DbOrTx,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string } = {},
) {
  const { password = 'password123', username = `user_${next()}`, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      username,
      usernameKey: normalizeUsername(username),
      role: 'organizer',
      emailVerified: rest.contactEmail?.trim().toLowerCase() ?? null,
      ...rest,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return user!;
}

export function createTruck(db: DbOrTx, overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(db, {
    role: 'foodtruck',
    businessName: 'Taco Loco',
    cuisine: 'Mexican',
    description: 'Street tacos with handmade tortillas.',
    minimumSales: 50_000,
    location: 'Austin, TX',
    contactEmail: 'hello@tacoloco.example',
    ...overrides,
  });
}

/**
 * A truck an organizer can book (decision 156, enforced by 198): a name, a minimum and one dish on its
 * menu. `dish` overrides the dish's fields.
 */
export async function createBookableTruck(
  db: DbOrTx,
  overrides: Parameters<typeof createUser>[1] = {},
  dish: Partial<typeof menuItems.$inferInsert> = {},
) {
  const truck = await createTruck(db, { businessName: 'Taco Loco', minimumSales: 50_000, ...overrides });
  await createMenuItem(db, { foodTruckId: truck.id, ...dish });
  return truck;
}

export async function createMenuItem(
  db: DbOrTx,
  overrides: Partial<typeof menuItems.$inferInsert> & { foodTruckId: number },
) {
  const [item] = await db
    .insert(menuItems)
    .values({
      name: `Taco ${next()}`,
      price: 450,
      category: 'Entree',
      description: 'Corn tortilla, salsa verde',
      ...overrides,
    })
    .returning();
  return item!;
}

/**
 * An event on a date `daysAhead` from `now` at 18:00–21:00 UTC unless overridden; status approved
 * unless overridden.
 */
export async function createEvent(
  db: DbOrTx,
  overrides: Partial<typeof events.$inferInsert> & {
    organizerId: number;
    foodTruckId: number;
    daysAhead?: number;
    now?: Date;
  },
) {
  const { daysAhead = 3, now = new Date(), ...rest } = overrides;
  const day = new Date(now.getTime() + daysAhead * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const date = rest.date ?? day;
  const startTime = rest.startTime ?? '18:00';
  const endTime = rest.endTime ?? '21:00';
  const timeZone = rest.timeZone ?? 'UTC';
  const { startsAt, endsAt } = computeEventInstants(date, startTime, endTime, timeZone);
  const [event] = await db
    .insert(events)
    .values({
      title: `Fundraiser ${next()}`,
      location: 'Lincoln Elementary, 123 Main St, Austin, TX',
      expectedDiners: 80,
      status: 'approved',
      minimumSales: 50_000,
      approvalExpiryDate: new Date(now.getTime() + 24 * 60 * 60 * 1000),
      approvalDate: rest.status === 'pending_approval' ? null : now,
      ...rest,
      date,
      startTime,
      endTime,
      timeZone,
      startsAt,
      endsAt,
    })
    .returning();
  return event!;
}
