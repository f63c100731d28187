import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../auth/passwords';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export type NewUser = typeof users.$inferInsert;

/** A valid user row with overrides; `password` is hashed for you. Tests and the demo seed use it. */
export async function createUser(
  db: DbOrTx,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string } = {},
) {
  const { password = 'password123', ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({ username: `user_${next()}`, role: 'organizer', ...rest, passwordHash: await hashPassword(password) })
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
