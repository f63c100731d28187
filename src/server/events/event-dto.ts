import { asCurrency, minorToDecimal } from '../../core/currency';
import { centsToDecimal } from '../../core/money';
import type { EventDto } from '../../contract/events';
import { imageUrl } from '../../contract/images';
import type { events } from '../db/schema';

type EventRow = typeof events.$inferSelect;

/**
 * An event as the API answers it: money as two-decimal strings, instants as ISO strings. The truck's
 * answer to the request is between the truck, the organizer and admins: every answer anyone may read
 * (`audience: 'public'`, the public list, the event page and what is cached for them) leaves it out.
 */
export function toEventDto(
  event: EventRow,
  extra: { foodTruckName?: string | null; cuisine?: string | null; audience?: 'public' | 'parties' } = {},
): EventDto {
  const currency = asCurrency(event.currency);
  return {
    id: event.id,
    title: event.title,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    timeZone: event.timeZone,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    location: event.location,
    expectedDiners: event.expectedDiners,
    organizerId: event.organizerId,
    status: event.status,
    approvalDate: event.approvalDate?.toISOString() ?? null,
    approvalExpiryDate: event.approvalExpiryDate?.toISOString() ?? null,
    foodTruckResponse: extra.audience === 'public' ? null : event.foodTruckResponse,
    currentSales: minorToDecimal(event.currentSales, currency),
    minimumSales: minorToDecimal(event.minimumSales, currency),
    /** The truck's currency: every amount of the event, its menu and orders is in it (decision 230). */
    currency,
    foodTruckId: event.foodTruckId,
    priceMarkupPercentage: centsToDecimal(event.priceMarkupPercentage),
    hidden: event.hidden,
    cancelReason: event.cancelReason,
    cancelNote: event.cancelNote,
    cancelledBy: event.cancelledBy,
    cutShortAt: event.cutShortAt?.toISOString() ?? null,
    hiddenReason: extra.audience === 'public' ? null : event.hiddenReason,
    coverImageUrl: imageUrl(event.coverImageHash),
    changedAt: event.changedAt?.toISOString() ?? null,
    salesTaxBasisPoints: event.salesTaxBasisPoints,
    ...(extra.foodTruckName !== undefined ? { foodTruckName: extra.foodTruckName } : {}),
    ...(extra.cuisine !== undefined ? { cuisine: extra.cuisine } : {}),
  };
}
export type { EventDto };
