import type { UserRole } from './schemas/auth';
import { isPublicRoute } from './routes';

/**
 * The gamified onboarding tour: its steps, and the pure state machine
 * both the browser and the server run. docs/decisions/ records where it starts and what it may
 * navigate to.
 */

export type TourPosition = 'top' | 'bottom' | 'left';

export interface TourStep {
  id: string;
  title: string;
  description: string;
  /** A CSS selector; `body` means the step points at nothing in particular. */
  target: string;
  position: TourPosition;
  route?: string;
  reward: { points: number; badge: string };
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Food Truck Fund!',
    description:
      'Take a one-minute tour of how food truck events get funded. Every step earns points and a badge.',
    target: 'body',
    position: 'bottom',
    reward: { points: 10, badge: '🎉' },
  },
  {
    id: 'browse-events',
    title: 'Browse events',
    description:
      'These are the upcoming food truck events. Open one to see its menu, pre-order, and watch it get funded.',
    target: '[data-tour="events-list"]',
    position: 'top',
    // "Browse events" leads to this app's list of events, /events/public.
    route: '/events/public',
    reward: { points: 15, badge: '🗺️' },
  },
  {
    id: 'create-event',
    title: 'Create an event',
    description:
      'Organizers pick a food truck, a date and a place here. The truck has 24 hours to approve and set its minimum sales goal.',
    target: '[data-tour="create-event"]',
    // Below the button, never above it, where the form's last controls (the cover picture chooser)
    // are: the page lends room at its end while the card is there (issue 42).
    position: 'bottom',
    route: '/events/create',
    reward: { points: 20, badge: '📅' },
  },
];

export function tourTotalPoints(steps: readonly TourStep[]): number {
  return steps.reduce((sum, step) => sum + step.reward.points, 0);
}

export const TOUR_TOTAL_POINTS = tourTotalPoints(TOUR_STEPS);

export interface TourProgress {
  active: boolean;
  currentStep: number;
  points: number;
  badges: string[];
  /** Finished every step (a skipped tour is inactive and not completed). */
  completed: boolean;
}

export const INITIAL_TOUR_PROGRESS: TourProgress = {
  active: false,
  currentStep: 0,
  points: 0,
  badges: [],
  completed: false,
};

export type TourAction =
  | { type: 'start' }
  /** `step` is the step the person pressed Next on: a Next from a stale screen changes nothing. */
  | { type: 'next'; step?: number }
  | { type: 'skip' };

export function tourReducer(
  state: TourProgress,
  action: TourAction,
  steps: readonly TourStep[] = TOUR_STEPS,
): TourProgress {
  switch (action.type) {
    case 'start':
      return { active: true, currentStep: 0, points: 0, badges: [], completed: false };
    case 'next': {
      if (!state.active) return state;
      if (action.step !== undefined && action.step !== state.currentStep) return state;
      const step = steps[state.currentStep];
      if (!step) return state;
      const rewarded = {
        ...state,
        points: state.points + step.reward.points,
        badges: [...state.badges, step.reward.badge],
      };
      const isLast = state.currentStep >= steps.length - 1;
      return isLast
        ? { ...rewarded, active: false, completed: true }
        : { ...rewarded, currentStep: state.currentStep + 1 };
    }
    case 'skip':
      return state.active ? { ...state, active: false } : state;
  }
}

export function currentTourStep(
  progress: TourProgress,
  steps: readonly TourStep[] = TOUR_STEPS,
): TourStep | null {
  return progress.active ? (steps[progress.currentStep] ?? null) : null;
}

/**
 * A state the reducer can reach: the badges are those of the steps passed so far, in order, and the
 * points are theirs. The server stores nothing else, so points can't be made up.
 */
export function isReachableTourProgress(
  progress: TourProgress,
  steps: readonly TourStep[] = TOUR_STEPS,
): boolean {
  const { active, currentStep, points, badges, completed } = progress;
  if (!Number.isInteger(currentStep) || currentStep < 0 || currentStep >= steps.length) return false;
  if (active && completed) return false;
  const passed = completed ? steps.length : currentStep;
  if (completed && currentStep !== steps.length - 1) return false;
  const expected = steps.slice(0, passed);
  return (
    badges.length === expected.length &&
    expected.every((step, i) => badges[i] === step.reward.badge) &&
    points === expected.reduce((sum, step) => sum + step.reward.points, 0)
  );
}

/**
 * The tour starts by itself once: for someone who signed up (an organizer or a food truck owner)
 * and has never seen it. Guests start it themselves; admins are not onboarded by it.
 */
export function shouldAutoStartTour(input: {
  role: UserRole | null;
  progress: TourProgress | null;
}): boolean {
  return (input.role === 'organizer' || input.role === 'foodtruck') && input.progress === null;
}

/**
 * Whether the tour may take this person to a step's route. /events/create is for organizers;
 * other routes need a session unless public. Where it may not go, the step is shown
 * where the person is.
 */
export function canTourVisit(route: string, role: UserRole | null): boolean {
  if (route === '/events/create' || route.startsWith('/events/create/')) return role === 'organizer';
  return isPublicRoute(route) || role !== null;
}
