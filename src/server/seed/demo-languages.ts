import { calendarDateInZone } from '../../core/time';
import type { DbOrTx } from '../db/client';
import { tourProgress } from '../db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from './factories';

/** The demo's Spanish-speaking organizer and its truck that sells in pesos (issue 41). */
export const SPANISH_DEMO_LOGINS = [
  { role: 'Event Organizer (Español)', username: 'lucia' },
  { role: 'Food Truck Owner (MXN)', username: 'tacosnorte' },
];

/** The units of work below, for the seed's progress: two accounts, a menu, an event. */
export const SPANISH_DEMO_WORK = 4;

/**
 * A Spanish-speaking organizer (her account's language is Spanish, so the site and her mails are in
 * Spanish once she signs in) with an event of her own, and a truck that sells in Mexican pesos (its
 * menu, minimum and every amount of its events in centavos, decision 230), booked for that event.
 * Both are demo accounts: the tour does not start by itself for them.
 */
export async function seedSpanishDemo(
  db: DbOrTx,
  now: Date,
  password: string,
  progressed: <T>(value: T) => T,
) {
  const zone = 'America/Chicago';
  const lucia = progressed(
    await createUser(db, {
      username: 'lucia',
      role: 'organizer',
      password,
      contactEmail: 'lucia@example.com',
      language: 'es',
    }),
  );
  const norte = progressed(
    await createTruck(db, {
      username: 'tacosnorte',
      password,
      businessName: 'Tacos del Norte',
      cuisine: 'Mexican',
      description: 'Tacos de barbacoa y gorditas como en Monterrey, tortillas hechas a mano.',
      currency: 'MXN',
      minimumSales: 800_000,
      location: 'San Antonio, TX',
      contactEmail: 'hola@tacosnorte.example',
    }),
  );
  await db
    .insert(tourProgress)
    .values([lucia, norte].map((u) => ({ userId: u.id, updatedAt: now })))
    .onConflictDoNothing();
  const dish = (name: string, price: number, category: string, description: string) =>
    createMenuItem(db, { foodTruckId: norte.id, name, price, category, description });
  const menu = progressed([
    await dish('Tacos de barbacoa (3)', 9_000, 'Entree', 'Barbacoa de res, cebolla, cilantro, salsa verde'),
    await dish('Gordita de chicharrón', 4_500, 'Entree', 'Masa hecha a mano, chicharrón prensado'),
    await dish('Elote en vaso', 3_500, 'Side', 'Con mayonesa, queso cotija y chile'),
    await dish('Agua de jamaica', 2_500, 'Drink', 'Flor de jamaica, poco azúcar'),
  ]);
  const date = calendarDateInZone(new Date(now.getTime() + 6 * 24 * 60 * 60 * 1000), zone);
  const kermes = progressed(
    await createEvent(db, {
      organizerId: lucia.id,
      foodTruckId: norte.id,
      title: 'Kermés de la Parroquia San Fernando',
      location: 'Plaza de Armas, 115 Main Plaza, San Antonio, TX',
      expectedDiners: 120,
      minimumSales: 800_000,
      currency: 'MXN',
      priceMarkupPercentage: 1000,
      cause: 'Lo que se junte con el 10 % de cada platillo ayuda a reparar el techo del salón parroquial.',
      date,
      startTime: '12:00',
      endTime: '16:00',
      timeZone: zone,
      now,
      approvalDate: now,
    }),
  );
  return { kermes, tacos: menu[0]!.id, agua: menu[3]!.id };
}
