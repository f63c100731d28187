import { centsToDecimal } from '../../core/money';
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
];

/**
 * One row per booking and menu item to cook (one row with no item when nothing is ordered yet), as
 * the bookings arrive (`csvStream` writes them as the client reads).
 */
export async function* bookingCsvRows(
  bookings: AsyncIterable<Booking>,
): AsyncGenerator<Array<string | number | null>> {
  for await (const { event, orderCount, correctedCents, prepList } of bookings) {
    const base = [
      event.title,
      event.date,
      event.startTime,
      event.endTime,
      event.timeZone,
      event.location,
      event.status,
      centsToDecimal(event.minimumSales),
      centsToDecimal(event.currentSales),
      orderCount,
      centsToDecimal(correctedCents),
    ];
    if (prepList.length === 0) yield [...base, '', ''];
    for (const line of prepList) yield [...base, line.name, line.quantity];
  }
}
