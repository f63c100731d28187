import { describe, expect, it } from 'vitest';
import {
  INITIAL_TOUR_PROGRESS,
  TOUR_STEPS,
  TOUR_TOTAL_POINTS,
  canTourVisit,
  currentTourStep,
  isReachableTourProgress,
  shouldAutoStartTour,
  tourReducer,
  type TourProgress,
} from './tour';
import { TRUCK_TOUR_STEPS, tourStepsFor } from './truck-tour';
import { parseTourProgress } from './tour-progress';

const started = tourReducer(INITIAL_TOUR_PROGRESS, { type: 'start' });

describe('the tour steps', () => {
  it('are welcome, browse events and create event with the product rewards', () => {
    expect(TOUR_STEPS.map((s) => [s.id, s.reward.points, s.reward.badge])).toEqual([
      ['welcome', 10, '🎉'],
      ['browse-events', 15, '🗺️'],
      ['create-event', 20, '📅'],
    ]);
    expect(TOUR_TOTAL_POINTS).toBe(45);
  });

  it('point at the events list and the create-event control, on their routes', () => {
    expect(TOUR_STEPS[1]).toMatchObject({ target: '[data-tour="events-list"]', route: '/events/public' });
    expect(TOUR_STEPS[2]).toMatchObject({ target: '[data-tour="create-event"]', route: '/events/create' });
    for (const step of TOUR_STEPS) expect(['top', 'bottom', 'left']).toContain(step.position);
  });
});

describe('tourReducer', () => {
  it('starts at step 0 with no points or badges, whatever came before', () => {
    const finished: TourProgress = {
      active: false,
      currentStep: 2,
      points: 45,
      badges: ['🎉', '🗺️', '📅'],
      completed: true,
    };
    expect(tourReducer(finished, { type: 'start' })).toEqual({
      active: true,
      currentStep: 0,
      points: 0,
      badges: [],
      completed: false,
    });
  });

  it('grants each step its reward on Next and completes after the last', () => {
    const one = tourReducer(started, { type: 'next' });
    expect(one).toMatchObject({ active: true, currentStep: 1, points: 10, badges: ['🎉'] });
    const two = tourReducer(one, { type: 'next' });
    expect(two).toMatchObject({ active: true, currentStep: 2, points: 25, badges: ['🎉', '🗺️'] });
    const done = tourReducer(two, { type: 'next' });
    expect(done).toEqual({
      active: false,
      currentStep: 2,
      points: 45,
      badges: ['🎉', '🗺️', '📅'],
      completed: true,
    });
    expect(currentTourStep(done)).toBeNull();
  });

  it('skips without the current step reward', () => {
    const one = tourReducer(started, { type: 'next' });
    const skipped = tourReducer(one, { type: 'skip' });
    expect(skipped).toEqual({ active: false, currentStep: 1, points: 10, badges: ['🎉'], completed: false });
    expect(tourReducer(skipped, { type: 'next' })).toBe(skipped);
  });

  it('ignores a Next pressed on a step that is no longer current', () => {
    const one = tourReducer(started, { type: 'next', step: 0 });
    expect(tourReducer(one, { type: 'next', step: 0 })).toBe(one);
  });

  it('names the current step while active', () => {
    expect(currentTourStep(started)?.id).toBe('welcome');
    expect(currentTourStep(INITIAL_TOUR_PROGRESS)).toBeNull();
  });
});

describe("a truck's tour", () => {
  it('shows profile, menu, requests, bookings and event day, and never the organizers-only create page', () => {
    expect(TRUCK_TOUR_STEPS.map((s) => [s.id, s.route ?? null])).toEqual([
      ['welcome', null],
      ['truck-profile', '/profile'],
      ['truck-menu', '/profile'],
      ['truck-requests', '/profile'],
      ['truck-bookings', '/bookings'],
      ['truck-event-day', '/bookings'],
    ]);
    for (const step of TRUCK_TOUR_STEPS) expect(canTourVisit(step.route ?? '/', 'foodtruck')).toBe(true);
    expect(tourStepsFor('foodtruck')).toBe(TRUCK_TOUR_STEPS);
    expect(tourStepsFor('organizer')).toBe(TOUR_STEPS);
    expect(tourStepsFor(null)).toBe(TOUR_STEPS);
  });

  it('runs through the reducer to the end, every state reachable in its own tour only', () => {
    let state = tourReducer(INITIAL_TOUR_PROGRESS, { type: 'start' }, TRUCK_TOUR_STEPS);
    for (let i = 0; i < TRUCK_TOUR_STEPS.length; i++) {
      expect(currentTourStep(state, TRUCK_TOUR_STEPS)?.id).toBe(TRUCK_TOUR_STEPS[i]!.id);
      state = tourReducer(state, { type: 'next' }, TRUCK_TOUR_STEPS);
      expect(isReachableTourProgress(state, TRUCK_TOUR_STEPS)).toBe(true);
    }
    expect(state).toMatchObject({ active: false, completed: true, points: 65 });
    expect(isReachableTourProgress(state, TOUR_STEPS)).toBe(false);
    expect(parseTourProgress(state)).toEqual(state);
  });
});

describe('stored progress', () => {
  it('accepts every state the reducer reaches', () => {
    let state = started;
    const seen = [INITIAL_TOUR_PROGRESS, state];
    for (let i = 0; i < TOUR_STEPS.length; i++) {
      seen.push(tourReducer(state, { type: 'skip' }));
      state = tourReducer(state, { type: 'next' });
      seen.push(state);
    }
    for (const s of seen) expect(isReachableTourProgress(s), JSON.stringify(s)).toBe(true);
  });

  it('refuses made-up points, badges out of order and impossible steps', () => {
    expect(parseTourProgress({ ...started, points: 45 })).toBeNull();
    expect(
      parseTourProgress({ active: true, currentStep: 2, points: 25, badges: ['🗺️', '🎉'], completed: false }),
    ).toBeNull();
    expect(parseTourProgress({ ...started, currentStep: 7 })).toBeNull();
    expect(parseTourProgress({ ...started, active: true, completed: true })).toBeNull();
    expect(parseTourProgress('garbage')).toBeNull();
    expect(parseTourProgress(null)).toBeNull();
    expect(parseTourProgress(started)).toEqual(started);
  });
});

describe('when the tour runs and where it may go', () => {
  it('starts by itself only for a signed-up organizer or truck owner without progress', () => {
    expect(shouldAutoStartTour({ role: 'organizer', progress: null })).toBe(true);
    expect(shouldAutoStartTour({ role: 'foodtruck', progress: null })).toBe(true);
    expect(shouldAutoStartTour({ role: 'organizer', progress: INITIAL_TOUR_PROGRESS })).toBe(false);
    expect(shouldAutoStartTour({ role: 'admin', progress: null })).toBe(false);
    expect(shouldAutoStartTour({ role: null, progress: null })).toBe(false);
  });

  it('takes only organizers to /events/create, and anyone to the public list', () => {
    expect(canTourVisit('/events/create', 'organizer')).toBe(true);
    expect(canTourVisit('/events/create', 'foodtruck')).toBe(false);
    expect(canTourVisit('/events/create', null)).toBe(false);
    expect(canTourVisit('/events/public', null)).toBe(true);
    expect(canTourVisit('/my-events', null)).toBe(false);
    expect(canTourVisit('/my-events', 'admin')).toBe(true);
  });
});
