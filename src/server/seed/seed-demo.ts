import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createTruck, createUser } from './factories';

export interface DemoLogin {
  role: string;
  username: string;
  password: string;
}

export const DEMO_PASSWORD = 'password123';

export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'Event Organizer', username: 'olivia', password: DEMO_PASSWORD },
  { role: 'Food Truck Owner', username: 'tacoloco', password: DEMO_PASSWORD },
  { role: 'Food Truck Owner', username: 'smokeshack', password: DEMO_PASSWORD },
  { role: 'Administrator', username: 'admin', password: DEMO_PASSWORD },
];

/** A living marketplace for a newcomer's first `npm start`. Runs once: a seeded database is left alone. */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };

  await db.transaction(async (tx) => {
    await createUser(tx, { username: 'olivia', role: 'organizer', password: DEMO_PASSWORD });
    await createUser(tx, { username: 'admin', role: 'admin', password: DEMO_PASSWORD });
    await createTruck(tx, { username: 'tacoloco', password: DEMO_PASSWORD });
    await createTruck(tx, {
      username: 'smokeshack',
      password: DEMO_PASSWORD,
      businessName: 'The Smoke Shack',
      cuisine: 'BBQ',
      description: 'Low and slow Texas barbecue, brisket smoked for 14 hours.',
      minimumSales: 80_000,
      location: 'Round Rock, TX',
      contactEmail: 'pit@smokeshack.example',
      phone: '(512) 555-0142',
    });
  });
  return { seeded: true };
}
