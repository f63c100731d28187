import type { UserDto } from '../../contract/auth';
import type { EventDetailDto } from '../../contract/events';

/** A signed-in truck as GET /api/user answers it. */
export const truckUser: UserDto = {
  id: 7,
  username: 'tacos',
  role: 'foodtruck',
  businessName: 'Taco Town',
  description: 'Street tacos',
  minimumSales: '500.00',
  cuisine: 'Mexican',
  profileImage: null,
  location: 'Austin, TX',
  contactEmail: 'tacos@example.com',
  emailVerified: true,
  phone: '512-555-0100',
};

/** An event request waiting for the truck, as GET /api/events/{id} answers it. */
export const pendingEvent: EventDetailDto = {
  id: 42,
  title: 'Block party',
  date: '2030-06-01',
  startTime: '18:00',
  endTime: '21:00',
  timeZone: 'America/Chicago',
  startsAt: '2030-06-01T23:00:00.000Z',
  endsAt: '2030-06-02T02:00:00.000Z',
  location: 'Austin, TX',
  expectedDiners: 80,
  organizerId: 3,
  status: 'pending_approval',
  approvalDate: null,
  approvalExpiryDate: '2030-05-02T23:00:00.000Z',
  foodTruckResponse: null,
  currentSales: '0.00',
  minimumSales: '0.00',
  foodTruckId: 7,
  priceMarkupPercentage: '10.00',
  hidden: false,
  cancelReason: null,
  cancelNote: null,
  coverImageUrl: null,
  changedAt: null,
  foodTruckName: 'Taco Town',
  cuisine: 'Mexican',
  foodTruck: { ...truckUser, profileImage: null },
  backerCount: 0,
  menuItemIds: null,
  cause: null,
  organizerName: 'Olivia',
};
