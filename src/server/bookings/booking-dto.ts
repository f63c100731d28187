import { toEventDto } from '../events/event-dto';
import type { BookingDto } from '../../contract/bookings';
import type { Booking } from './list-bookings';

/** A booking as the truck's screens read it. */
export function toBookingDto(booking: Booking): BookingDto {
  return {
    event: toEventDto(booking.event),
    orderCount: booking.orderCount,
    collectedCount: booking.collectedCount,
    upcoming: booking.upcoming,
    prepList: booking.prepList,
    prepNotes: booking.prepNotes,
  };
}
export type { BookingDto };
