import type { UserRole } from './schemas/auth';
import { TOUR_STEPS, type TourStep } from './tour';

/**
 * A food truck's tour (decision 159): trucks can't create events, so theirs shows what they use every
 * day: the profile diners see, the menu, the requests to answer, the bookings and the event-day screen.
 */
export const TRUCK_TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Food Truck Fund!',
    description:
      'Take a one-minute tour of where you answer requests, keep your menu and run your event days. Every step earns points and a badge.',
    target: 'body',
    position: 'bottom',
    reward: { points: 10, badge: '🎉' },
  },
  {
    id: 'truck-profile',
    title: 'Your profile',
    description:
      'Organizers pick trucks by this: your name, picture, cuisine and minimum sales. A truck without a name, a minimum and a dish on its menu is not offered to them.',
    target: '[data-tour="truck-profile"]',
    position: 'top',
    route: '/profile',
    reward: { points: 10, badge: '🚚' },
  },
  {
    id: 'truck-menu',
    title: 'Your menu',
    description:
      'Add dishes with a price and a photo, and switch them on or off. Organizers choose from it for their event, and diners pre-order from it.',
    target: '[data-tour="truck-menu"]',
    position: 'top',
    route: '/profile',
    reward: { points: 10, badge: '🌮' },
  },
  {
    id: 'truck-requests',
    title: 'Requests to answer',
    description:
      'An organizer asks you to come: accept with your minimum sales goal, or decline, within 24 hours. Requests always come first on this page.',
    target: '[data-tour="truck-requests"]',
    position: 'bottom',
    route: '/profile',
    reward: { points: 10, badge: '📬' },
  },
  {
    id: 'truck-bookings',
    title: 'Your bookings',
    description:
      'Every event you accepted, upcoming first, with its funding, its orders and what to cook. New orders appear as they come in.',
    target: '[data-tour="bookings"]',
    position: 'top',
    route: '/bookings',
    reward: { points: 10, badge: '📒' },
  },
  {
    id: 'truck-event-day',
    title: 'Event day',
    description:
      "On the day, open a booking's event day: scan the QR code on a diner's receipt with your phone, or type the pickup code, then mark the order ready and collected.",
    target: '[data-tour="event-day"]',
    position: 'top',
    route: '/bookings',
    reward: { points: 15, badge: '📷' },
  },
];

/*
 * Apart from core/tour.ts so that the first script of every page (the tour's provider is in the layout)
 * does not carry a truck's steps: the browser loads this module for a truck only (decision 159).
 */

/** The tour a person takes: a truck's own, everyone else's (organizers and guests) the first one. */
export function tourStepsFor(role: UserRole | null): readonly TourStep[] {
  return role === 'foodtruck' ? TRUCK_TOUR_STEPS : TOUR_STEPS;
}

export const ALL_TOURS: ReadonlyArray<readonly TourStep[]> = [TOUR_STEPS, TRUCK_TOUR_STEPS];
