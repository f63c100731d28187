import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  availabilityOn,
  BOOKED_EVENT_STATUSES,
  DATE_HOLDING_EVENT_STATUSES,
  eventsInTheWay,
  heldDateMessage,
  nextFreeDate,
  unavailableMessage,
  type TruckCalendar,
} from '../../core/availability';
import type { OwnAvailabilityDto, UnavailableRangeInput } from '../../contract/trucks';
import type { Db } from '../db/client';
import { events, truckUnavailability, users } from '../db/schema';
import { DomainError } from '../domain-error';

/** Most ranges one truck keeps: a season of single days off is far below it. */
const MAX_RANGES = 500;

/**
 * The calendars of `truckIds` between two dates (both included), read in three statements. Dates only:
 * the truck's notes are not read here, so nothing built on a calendar can show them (decision 214);
 * they are read only for the truck itself (`readOwnAvailability`).
 */
export async function readTruckCalendars(
  db: Db,
  truckIds: readonly number[],
  from: string,
  to: string,
  options: { exceptEventId?: number } = {},
): Promise<Map<number, TruckCalendar>> {
  const calendars = new Map<
    number,
    { ranges: TruckCalendar['ranges'][number][]; weekdays: number[]; bookedDates: string[] }
  >();
  if (truckIds.length === 0) return calendars;
  const ids = [...truckIds];
  const [trucks, ranges, booked] = await Promise.all([
    db
      .select({ id: users.id, weekdays: users.unavailableWeekdays })
      .from(users)
      .where(inArray(users.id, ids)),
    db
      .select({
        truckId: truckUnavailability.truckId,
        startsOn: truckUnavailability.startsOn,
        endsOn: truckUnavailability.endsOn,
      })
      .from(truckUnavailability)
      .where(
        and(
          inArray(truckUnavailability.truckId, ids),
          gte(truckUnavailability.endsOn, from),
          lte(truckUnavailability.startsOn, to),
        ),
      )
      .orderBy(asc(truckUnavailability.startsOn)),
    db
      .selectDistinct({ truckId: events.foodTruckId, date: events.date })
      .from(events)
      .where(
        and(
          inArray(events.foodTruckId, ids),
          inArray(events.status, [...BOOKED_EVENT_STATUSES]),
          gte(events.date, from),
          lte(events.date, to),
          options.exceptEventId === undefined ? undefined : ne(events.id, options.exceptEventId),
        ),
      ),
  ]);
  for (const truck of trucks)
    calendars.set(truck.id, { ranges: [], weekdays: truck.weekdays, bookedDates: [] });
  for (const range of ranges) calendars.get(range.truckId)?.ranges.push(range);
  for (const day of booked) calendars.get(day.truckId)?.bookedDates.push(day.date);
  return calendars;
}

/** Today's date in UTC: where "next free date" counts from. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The first free date of each truck from today, within the horizon. */
export async function readNextFreeDates(db: Db, truckIds: readonly number[], now: Date) {
  const today = todayOf(now);
  const horizon = new Date(now.getTime() + 181 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const calendars = await readTruckCalendars(db, truckIds, today, horizon);
  return new Map(
    truckIds.map((id) => [id, calendars.has(id) ? nextFreeDate(today, calendars.get(id)!) : null]),
  );
}

/**
 * Refuses a request for a date the truck marked unavailable, does not work on, or already accepted an
 * event for: the 400 names the reason, on the date field.
 */
export async function assertTruckAvailable(
  db: Db,
  truck: { id: number; businessName: string | null; username: string },
  date: string,
): Promise<void> {
  const calendar = (await readTruckCalendars(db, [truck.id], date, date)).get(truck.id);
  if (!calendar) return;
  const message = unavailableMessage(
    truck.businessName ?? truck.username,
    date,
    availabilityOn(date, calendar),
  );
  if (message) throw new DomainError('truck_unavailable', message, { fields: { date: message } });
}

/**
 * Refuses the truck's approval of an event on a date it already accepted another for. The caller holds
 * the truck's row lock (`lockTruck`), so two approvals for one date can't both pass.
 */
export async function assertDateStillFree(db: Db, truckId: number, eventId: number, date: string) {
  const calendar = (await readTruckCalendars(db, [truckId], date, date, { exceptEventId: eventId })).get(
    truckId,
  );
  if (calendar?.bookedDates.includes(date)) {
    throw new DomainError(
      'truck_already_booked',
      'You already accepted an event on this date. Decline this request, or call the other event off first.',
    );
  }
}

/** Serializes a truck's approvals: its user row, locked until the transaction ends. */
export async function lockTruck(db: Db, truckId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, truckId)).for('update');
}

export async function readOwnAvailability(
  db: Db,
  truckId: number,
  today: string,
): Promise<OwnAvailabilityDto> {
  const [truck] = await db
    .select({ weekdays: users.unavailableWeekdays })
    .from(users)
    .where(eq(users.id, truckId));
  const ranges = await db
    .select({
      id: truckUnavailability.id,
      startsOn: truckUnavailability.startsOn,
      endsOn: truckUnavailability.endsOn,
      note: truckUnavailability.note,
    })
    .from(truckUnavailability)
    .where(and(eq(truckUnavailability.truckId, truckId), gte(truckUnavailability.endsOn, today)))
    .orderBy(asc(truckUnavailability.startsOn), asc(truckUnavailability.id));
  return { ranges, unavailableWeekdays: [...(truck?.weekdays ?? [])].sort() };
}

/**
 * Refuses to block days that hold an event the truck accepted (decision 214): the 409 names the
 * events. Blocking never calls an event off; that is its own act. The caller holds the truck's lock,
 * the one approvals take, so no approval slips in between the check and the write.
 */
async function assertNoAcceptedEventInTheWay(
  tx: Db,
  truckId: number,
  block: Parameters<typeof eventsInTheWay>[0],
  window: { from: string; to?: string },
) {
  const held = await tx
    .select({ eventId: events.id, title: events.title, date: events.date, status: events.status })
    .from(events)
    .where(
      and(
        eq(events.foodTruckId, truckId),
        inArray(events.status, [...DATE_HOLDING_EVENT_STATUSES]),
        gte(events.date, window.from),
        window.to === undefined ? undefined : lte(events.date, window.to),
      ),
    );
  const message = heldDateMessage(eventsInTheWay(block, held));
  if (message) throw new DomainError('date_holds_accepted_event', message);
}

export async function addUnavailableRange(
  db: Db,
  truckId: number,
  input: UnavailableRangeInput,
  today: string,
) {
  if (input.endsOn < today) {
    throw new DomainError('dates_past', 'These dates are already past', {
      fields: { endsOn: 'These dates are already past' },
    });
  }
  return db.transaction(async (tx) => {
    await lockTruck(tx, truckId);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(truckUnavailability)
      .where(eq(truckUnavailability.truckId, truckId));
    if (count >= MAX_RANGES) {
      throw new DomainError(
        'unavailable_periods_exceeded',
        `You can keep at most ${MAX_RANGES} unavailable periods; remove some that are past`,
      );
    }
    await assertNoAcceptedEventInTheWay(tx, truckId, input, { from: input.startsOn, to: input.endsOn });
    const [range] = await tx
      .insert(truckUnavailability)
      .values({ truckId, startsOn: input.startsOn, endsOn: input.endsOn, note: input.note || null })
      .returning({
        id: truckUnavailability.id,
        startsOn: truckUnavailability.startsOn,
        endsOn: truckUnavailability.endsOn,
        note: truckUnavailability.note,
      });
    return range!;
  });
}

export async function removeUnavailableRange(db: Db, truckId: number, rangeId: number): Promise<void> {
  const removed = await db
    .delete(truckUnavailability)
    .where(and(eq(truckUnavailability.id, rangeId), eq(truckUnavailability.truckId, truckId)))
    .returning({ id: truckUnavailability.id });
  if (removed.length === 0)
    throw new DomainError('unavailable_period_not_found', 'That unavailable period does not exist');
}

/**
 * The weekdays the truck never works. A weekday it adds may not hold an event it accepted from today
 * on (the same 409 as a period); a weekday it already had stays, whatever was accepted since.
 */
export async function setUnavailableWeekdays(db: Db, truckId: number, weekdays: number[], now: Date) {
  const sorted = [...new Set(weekdays)].sort();
  return db.transaction(async (tx) => {
    await lockTruck(tx, truckId);
    const [truck] = await tx
      .select({ weekdays: users.unavailableWeekdays })
      .from(users)
      .where(eq(users.id, truckId));
    const added = sorted.filter((day) => !(truck?.weekdays ?? []).includes(day));
    if (added.length > 0)
      await assertNoAcceptedEventInTheWay(
        tx,
        truckId,
        { weekdays: added, from: todayOf(now) },
        {
          from: todayOf(now),
        },
      );
    await tx.update(users).set({ unavailableWeekdays: sorted, updatedAt: now }).where(eq(users.id, truckId));
    return sorted;
  });
}
