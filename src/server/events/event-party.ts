import type { DbOrTx, Tx } from '../db/client';
import type { events } from '../db/schema';
import { DomainError } from '../domain-error';
import { lockEvent } from '../engine/locks';
import { findEvent } from './event-queries';

type EventRow = typeof events.$inferSelect;

/** The one party who may act on an event: its organizer or its truck, by user id. */
export type EventParty = { organizerId: number } | { truckId: number };

/** The event if it exists and is the party's own; else the error that says which it is not. */
function asPartysEvent(event: EventRow | undefined, party: EventParty, refusal: string): EventRow {
  if (!event) throw new DomainError('event_not_found', 'Event not found');
  if ('organizerId' in party) {
    if (event.organizerId !== party.organizerId) throw new DomainError('not_the_events_organizer', refusal);
  } else if (event.foodTruckId !== party.truckId) {
    throw new DomainError('not_the_events_truck', refusal);
  }
  return event;
}

/** The party's own event, read as last committed; `refusal` is what anyone else is told. */
export async function findEventOf(
  db: DbOrTx,
  eventId: number,
  party: EventParty,
  refusal: string,
): Promise<EventRow> {
  return asPartysEvent(await findEvent(db, eventId), party, refusal);
}

/**
 * The party's own event under the engine's event lock (`FOR NO KEY UPDATE`), so what the caller checks
 * of it stays true until its transaction commits and a double click or a race acts once.
 */
export async function lockEventOf(
  tx: Tx,
  eventId: number,
  party: EventParty,
  refusal: string,
): Promise<EventRow> {
  return asPartysEvent(await lockEvent(tx, eventId), party, refusal);
}
