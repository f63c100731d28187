import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { DomainError } from '../domain-error';
import { findEventOf } from './event-party';

/** Events whose orders are over: their tax can no longer change anything. */
const OVER = ['rejected', 'closed', 'cancelled', 'payment_failed'];

/**
 * The event's truck sets the sales-tax rate of one event (another city or county than its profile's),
 * or null to go back to its profile's rate (docs/decisions/189-sales-tax.md). The truck, not the
 * organizer: the tax is the seller's to collect and remit, and it is paid to the truck. Orders already
 * placed keep the tax they were charged.
 */
export async function setEventSalesTax(
  db: Db,
  truckId: number,
  eventId: number,
  basisPoints: number | null,
  now: Date,
) {
  const event = await findEventOf(
    db,
    eventId,
    { truckId },
    "Only the event's food truck can set its sales tax",
  );
  if (OVER.includes(event.status))
    throw new DomainError('event_over', 'This event is over: its sales tax can no longer change');
  const [updated] = await db
    .update(events)
    .set({ salesTaxBasisPoints: basisPoints, updatedAt: now })
    .where(eq(events.id, eventId))
    .returning();
  return updated!;
}
