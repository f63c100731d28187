import { toEventDto } from '../events/event-dto';
import type { Booking } from './list-bookings';

/** A booking as the truck's screens read it. */
export function toBookingDto(booking: Booking) {
  return {
    event: toEventDto(booking.event),
    orderCount: booking.orderCount,
    collectedCount: booking.collectedCount,
    prepList: booking.prepList,
  };
}
export type BookingDto = ReturnType<typeof toBookingDto>;
