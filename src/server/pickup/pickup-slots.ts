import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import {
  formatPickupSlot,
  nextOpenSlot,
  planPickupSlots,
  slotRemaining,
  type PickupSlotState,
} from '../../core/pickup-slots';
import type { PickupSlotsDto } from '../../contract/pickup';
import { DEFAULT_LANGUAGE, intlLocale, type Language } from '../../core/language';
import { toE164 } from '../../core/ready-texts';
import type { z } from '../../core/schemas/zod-messages';
import type { pickupSlotsInputSchema } from '../../contract/pickup';
import type { SessionUser } from '../auth/sessions';
import type { DbOrTx, Db } from '../db/client';
import { eventPickupSlots, events } from '../db/schema';
import { DomainError } from '../domain-error';
import { translator } from '../i18n';

type EventRow = typeof events.$inferSelect;
type Input = z.output<typeof pickupSlotsInputSchema>;
const MINUTE = 60_000;

/** Events a truck or organizer may no longer change the slots of. */
const SETTLED_STATUSES: ReadonlySet<EventRow['status']> = new Set(['rejected', 'closed', 'cancelled']);

/** An event's slots in time order, as the database counts them. */
export async function loadPickupSlots(db: DbOrTx, eventId: number): Promise<PickupSlotState[]> {
  return db
    .select({
      startsAt: eventPickupSlots.startsAt,
      minutes: eventPickupSlots.minutes,
      capacity: eventPickupSlots.capacity,
      held: eventPickupSlots.held,
      closed: eventPickupSlots.closed,
    })
    .from(eventPickupSlots)
    .where(eq(eventPickupSlots.eventId, eventId))
    .orderBy(asc(eventPickupSlots.startsAt));
}

export function toPickupSlotsDto(
  event: Pick<EventRow, 'timeZone'>,
  slots: PickupSlotState[],
): PickupSlotsDto {
  return {
    minutes: slots[0]?.minutes ?? null,
    timeZone: event.timeZone,
    slots: slots.map((s) => ({
      startsAt: s.startsAt.toISOString(),
      endsAt: new Date(s.startsAt.getTime() + s.minutes * MINUTE).toISOString(),
      capacity: s.capacity,
      remaining: slotRemaining(s),
      orders: s.held,
      closed: s.closed,
    })),
  };
}

/**
 * Who may set an event's slots (decision 226): its truck, or its organizer until the truck accepts.
 */
function assertMaySetSlots(user: SessionUser, event: EventRow): void {
  if (user.id === event.foodTruckId) return;
  if (user.id === event.organizerId) {
    if (event.status === 'pending_approval') return;
    throw new DomainError(
      'pickup_slots_truck_only',
      'The food truck has accepted this event: only the truck can change its pickup times now',
    );
  }
  throw new DomainError('not_your_event', 'Only the event’s food truck or organizer can set pickup times');
}

/**
 * Sets the event's slots: a length and a capacity for every slot from the start to the end, and which
 * are closed. Orders already holding a slot keep it: a new length that would drop a held slot is
 * refused; a lower capacity only stops new orders. Under the slots' row locks, which each checkout's
 * trigger takes too, so a checkout sees either the old slots or the new ones.
 */
export async function setPickupSlots(
  db: Db,
  user: SessionUser,
  event: EventRow,
  input: Input,
  now: Date,
): Promise<PickupSlotState[]> {
  assertMaySetSlots(user, event);
  if (SETTLED_STATUSES.has(event.status) || event.endsAt.getTime() <= now.getTime())
    throw new DomainError(
      'event_over',
      'This event is over or called off: its pickup times can no longer change',
    );
  const starts = planPickupSlots(event, input.minutes);
  if (starts.length === 0)
    throw new DomainError(
      'pickup_slots_no_window',
      `This event is shorter than one ${input.minutes}-minute pickup slot`,
      { fields: { minutes: 'Choose a shorter slot' } },
    );
  const planned = new Set(starts.map((s) => s.getTime()));
  const closed = new Set((input.closed ?? []).map((c) => new Date(c).getTime()));
  for (const c of closed) {
    if (!planned.has(c))
      throw new DomainError('pickup_slot_unknown', 'That is not one of this event’s pickup times');
  }
  return db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(eventPickupSlots)
      .where(eq(eventPickupSlots.eventId, event.id))
      .orderBy(asc(eventPickupSlots.startsAt))
      .for('update');
    const dropped = existing.find(
      (s) => s.held > 0 && (s.minutes !== input.minutes || !planned.has(s.startsAt.getTime())),
    );
    if (dropped)
      throw new DomainError(
        'pickup_slots_in_use',
        'Orders already hold pickup times of this length: keep the length, or close the times you no longer want',
      );
    if (existing.length > 0)
      await tx.delete(eventPickupSlots).where(
        and(
          eq(eventPickupSlots.eventId, event.id),
          notInArray(
            eventPickupSlots.startsAt,
            starts.map((s) => s),
          ),
        ),
      );
    await tx
      .insert(eventPickupSlots)
      .values(
        starts.map((startsAt) => ({
          eventId: event.id,
          startsAt,
          minutes: input.minutes,
          capacity: input.capacity,
          closed: closed.has(startsAt.getTime()),
        })),
      )
      .onConflictDoUpdate({
        target: [eventPickupSlots.eventId, eventPickupSlots.startsAt],
        set: {
          minutes: sql`excluded.minutes`,
          capacity: sql`excluded.capacity`,
          closed: sql`excluded.closed`,
        },
      });
    return loadPickupSlots(tx, event.id);
  });
}

/** What an order records of its pickup: the slot's start and the number for the ready text (E.164). */
export interface CheckoutPickup {
  pickupSlot: string | null;
  textTo: string | null;
}

/**
 * What a checkout says about its pickup, checked: a slot of the event once it has slots (none
 * otherwise), and a mobile number only with consent. The slot's place is taken by the database when
 * the order is written (`pickupSlotRefusal`).
 */
export async function checkoutPickup(
  db: DbOrTx,
  eventId: number,
  input: { pickupSlot?: string | undefined; textTo?: string | undefined; textConsent?: boolean | undefined },
): Promise<CheckoutPickup> {
  let textTo: string | null = null;
  if (input.textTo) {
    textTo = toE164(input.textTo);
    if (!textTo)
      throw new DomainError(
        'text_number_invalid',
        'Please enter a mobile number, e.g. (415) 555-2671 or +44 7700 900123',
        {
          fields: { textTo: 'Please enter a mobile number, e.g. (415) 555-2671 or +44 7700 900123' },
        },
      );
    if (input.textConsent !== true)
      throw new DomainError(
        'text_consent_missing',
        'Tick the box to agree to the text, or leave the number out',
        {
          fields: { textConsent: 'Tick the box to agree to the text, or leave the number out' },
        },
      );
  }
  const [any] = await db
    .select({ startsAt: eventPickupSlots.startsAt })
    .from(eventPickupSlots)
    .where(eq(eventPickupSlots.eventId, eventId))
    .limit(1);
  if (any && !input.pickupSlot)
    throw new DomainError('pickup_slot_required', 'Please choose a pickup time', {
      fields: { pickupSlot: 'Please choose a pickup time' },
    });
  if (!any && input.pickupSlot)
    throw new DomainError('pickup_slot_unknown', 'This event has no pickup times to choose from');
  return { pickupSlot: input.pickupSlot ? new Date(input.pickupSlot).toISOString() : null, textTo };
}

/** The trigger's refusal (SQLSTATE FT003): `pickup_slot_full` or `pickup_slot_unknown`; null for any other error. */
export function pickupSlotRefusal(error: unknown): 'pickup_slot_full' | 'pickup_slot_unknown' | null {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } } | null;
  const source = e?.code === 'FT003' ? e : e?.cause?.code === 'FT003' ? e.cause : null;
  const match = source?.message?.match(/pickup_slot_(full|unknown)/);
  return match ? (`pickup_slot_${match[1]}` as 'pickup_slot_full' | 'pickup_slot_unknown') : null;
}

/** The refusal a diner reads when the slot filled up (or was closed) meanwhile, naming the next with a place. */
export async function pickupSlotConflict(
  db: Db,
  event: Pick<EventRow, 'id'>,
  refusal: 'pickup_slot_full' | 'pickup_slot_unknown',
  chosen: string,
  now: Date,
): Promise<DomainError> {
  if (refusal === 'pickup_slot_unknown')
    return new DomainError(
      'pickup_slot_unknown',
      'That pickup time is no longer offered. Please choose another.',
    );
  const next = nextOpenSlot(await loadPickupSlots(db, event.id), new Date(chosen), now);
  return new DomainError(
    'pickup_slot_full',
    next
      ? 'That pickup time just filled up. Please choose another: the next one with room is selected.'
      : 'Every pickup time of this event is full.',
  );
}

/**
 * A diner's calendar entry for their pickup slot: the slot's times, the pickup named in the
 * description in the file's language; the whole event when the slot is not one of the event's.
 */
export function pickupCalendarEvent<
  T extends { startsAt: Date; endsAt: Date; timeZone: string; details?: string[] },
>(event: T, slots: PickupSlotState[], pickup: string, language: Language = DEFAULT_LANGUAGE): T {
  const slot = slots.find((s) => s.startsAt.getTime() === new Date(pickup).getTime());
  if (!slot) return event;
  const endsAt = new Date(slot.startsAt.getTime() + slot.minutes * MINUTE);
  const label = formatPickupSlot(slot.startsAt, slot.minutes, event.timeZone, intlLocale(language));
  return {
    ...event,
    startsAt: slot.startsAt,
    endsAt,
    details: [...(event.details ?? []), translator(language)('server:calendar.pickupTime', { slot: label })],
  };
}
