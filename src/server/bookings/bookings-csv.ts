import { asCurrency, minorToDecimal } from '../../core/currency';
import type { Language } from '../../core/language';
import { cellWord } from '../answer-words';
import type { Booking } from './list-bookings';

export const BOOKINGS_CSV_COLUMNS = [
  'Event',
  'Date',
  'Start',
  'End',
  'Time zone',
  'Location',
  'Status',
  'Goal',
  'Sales',
  'Orders',
  'Refunded by the truck',
  'Item',
  'Quantity',
  // The event's currency (decision 230): the goal, sales and refunds are in it.
  'Currency',
];

/**
 * One row per booking and menu item to cook (one row with no item when nothing is ordered yet), as
 * the bookings arrive (`csvStream` writes them as the client reads). The event's status is a word of
 * the requester's `language`.
 */
export async function* bookingCsvRows(
  bookings: AsyncIterable<Booking>,
  language: Language = 'en',
): AsyncGenerator<Array<string | number | null>> {
  for await (const { event, orderCount, correctedCents, prepList } of bookings) {
    const currency = asCurrency(event.currency);
    const centsToDecimal = (minor: number) => minorToDecimal(minor, currency);
    const base = [
      event.title,
      event.date,
      event.startTime,
      event.endTime,
      event.timeZone,
      event.location,
      cellWord(language, 'eventStatus', event.status),
      centsToDecimal(event.minimumSales),
      centsToDecimal(event.currentSales),
      orderCount,
      centsToDecimal(correctedCents),
    ];
    if (prepList.length === 0) yield [...base, '', '', currency];
    for (const line of prepList) yield [...base, line.name, line.quantity, currency];
  }
}
