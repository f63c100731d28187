/**
 * Data for the read benchmarks: 10,000 approved upcoming events over 50 trucks (the public list), and one
 * event with 2,000 authorized orders (the event page a crowd looks at). Rows are inserted in bulk.
 */
import { sql } from 'drizzle-orm';
import { computeEventInstants } from '../../src/core/zoned-time';
import type { Db } from '../../src/server/db/client';
import { events, menuItems, pendingOrders } from '../../src/server/db/schema';
import { createTruck, createUser } from '../../src/server/seed/factories';

export const LIST_EVENTS = Number(process.env.BENCH_LIST_EVENTS ?? 10_000);
export const EVENT_ORDERS = Number(process.env.BENCH_EVENT_ORDERS ?? 2_000);

export interface ReadData {
  eventId: number;
  truckId: number;
}

export async function seedReadData(db: Db): Promise<ReadData> {
  const organizer = await createUser(db, { username: 'bench_organizer' });
  const trucks: Array<{ id: number }> = [];
  for (let t = 0; t < 50; t++) trucks.push(await createTruck(db, { username: `bench_truck_${t}` }));
  for (const truck of trucks.slice(0, 5)) {
    await db.insert(menuItems).values(
      Array.from({ length: 12 }, (_, i) => ({
        foodTruckId: truck.id,
        name: `Dish ${i}`,
        description: 'Slow-cooked, served with salsa and lime',
        price: 450 + i * 50,
        category: i < 8 ? 'Entree' : 'Drink',
      })),
    );
  }
  const now = Date.now();
  const rows = Array.from({ length: LIST_EVENTS }, (_, i) => {
    const day = new Date(now + (1 + (i % 300)) * 86_400_000).toISOString().slice(0, 10);
    const startTime = `${String(10 + (i % 10)).padStart(2, '0')}:00`;
    const endTime = `${String(12 + (i % 10)).padStart(2, '0')}:00`;
    return {
      title: `School fundraiser ${i}`,
      date: day,
      startTime,
      endTime,
      timeZone: 'America/Chicago',
      ...computeEventInstants(day, startTime, endTime, 'America/Chicago'),
      location: `${100 + i} Main St, Austin, TX`,
      expectedDiners: 80,
      organizerId: organizer.id,
      status: 'approved' as const,
      approvalDate: new Date(now),
      minimumSales: 50_000_00,
      foodTruckId: trucks[i % trucks.length]!.id,
      priceMarkupPercentage: 1000,
    };
  });
  let eventId = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db
      .insert(events)
      .values(rows.slice(i, i + 1000))
      .returning({ id: events.id });
    if (i === 0) eventId = inserted[0]!.id;
  }
  for (let i = 0; i < EVENT_ORDERS; i += 1000) {
    await db.insert(pendingOrders).values(
      Array.from({ length: Math.min(1000, EVENT_ORDERS - i) }, (_, j) => ({
        eventId,
        customerName: `Diner ${i + j}`,
        customerEmail: `diner${i + j}@example.com`,
        status: 'confirmed' as const,
        totalAmount: 1_150,
        subtotalAmount: 1_000,
      })),
    );
  }
  await db.execute(sql`update events set current_sales = ${EVENT_ORDERS * 1_000} where id = ${eventId}`);
  await db.execute(sql`analyze`);
  return { eventId, truckId: trucks[0]!.id };
}
