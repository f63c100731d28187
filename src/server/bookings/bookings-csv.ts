import { centsToDecimal } from '../../core/money';
import { toCsv } from '../http/csv';
import type { Booking } from './list-bookings';

/** One row per booking and menu item to cook (one row with no item when nothing is ordered yet). */
export function bookingsToCsv(bookings: Booking[]): string {
  const rows = bookings.flatMap(({ event, orderCount, correctedCents, prepList }) => {
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
    return prepList.length === 0
      ? [[...base, '', '']]
      : prepList.map((line) => [...base, line.name, line.quantity]);
  });
  return toCsv(
    [
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
    ],
    rows,
  );
}
