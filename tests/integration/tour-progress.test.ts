import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_TOUR_PROGRESS, tourReducer } from '../../src/core/tour';
import { TRUCK_TOUR_STEPS } from '../../src/core/truck-tour';
import type { Database } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database);
  await createUser(database.db, { username: 'tina', role: 'organizer' });
  await createUser(database.db, { username: 'theo', role: 'foodtruck' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const started = tourReducer(INITIAL_TOUR_PROGRESS, { type: 'start' });
const afterWelcome = tourReducer(started, { type: 'next' });

describe('tour progress', () => {
  it('is for signed-in users only (guests keep theirs in the browser)', async () => {
    expect((await new Agent(app).get('/api/tour')).statusCode).toBe(401);
    expect(
      (await new Agent(app).request({ method: 'PUT', url: '/api/tour', payload: started })).statusCode,
    ).toBe(401);
  });

  it('is null before the first tour, then what was saved, on any device', async () => {
    const laptop = new Agent(app);
    await laptop.login('tina');
    const first = await laptop.get('/api/tour');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ progress: null });

    const saved = await laptop.request({ method: 'PUT', url: '/api/tour', payload: afterWelcome });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ progress: afterWelcome });

    const phone = new Agent(app);
    await phone.login('tina');
    expect((await phone.get('/api/tour')).json()).toEqual({
      progress: { active: true, currentStep: 1, points: 10, badges: ['🎉'], completed: false },
    });

    let done = afterWelcome;
    done = tourReducer(done, { type: 'next' });
    done = tourReducer(done, { type: 'next' });
    await phone.request({ method: 'PUT', url: '/api/tour', payload: done });
    expect((await laptop.get('/api/tour')).json().progress).toMatchObject({ completed: true, points: 45 });
  });

  it("keeps each user's progress apart", async () => {
    const agent = new Agent(app);
    await agent.login('theo');
    expect((await agent.get('/api/tour')).json()).toEqual({ progress: null });
  });

  it('refuses progress the tour cannot reach, and bad input, with 400', async () => {
    const agent = new Agent(app);
    await agent.login('theo');
    const madeUp = await agent.request({
      method: 'PUT',
      url: '/api/tour',
      payload: { ...started, points: 45 },
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe('This tour progress is not possible');
    const garbage = await agent.request({ method: 'PUT', url: '/api/tour', payload: { active: 'yes' } });
    expect(garbage.statusCode).toBe(400);
    const none = await agent.request({ method: 'PUT', url: '/api/tour' });
    expect(none.statusCode).toBe(400);
    expect((await agent.get('/api/tour')).json()).toEqual({ progress: null });
  });

  it('keeps a truck to its own tour: profile, menu, requests, bookings, event day (decision 159)', async () => {
    const truck = new Agent(app);
    await truck.login('theo');
    let progress = tourReducer(INITIAL_TOUR_PROGRESS, { type: 'start' }, TRUCK_TOUR_STEPS);
    for (let i = 0; i < 2; i++) progress = tourReducer(progress, { type: 'next' }, TRUCK_TOUR_STEPS);
    const saved = await truck.request({ method: 'PUT', url: '/api/tour', payload: progress });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().progress).toEqual({
      active: true,
      currentStep: 2,
      points: 20,
      badges: ['🎉', '🚚'],
      completed: false,
    });
    for (let i = 2; i < TRUCK_TOUR_STEPS.length; i++) {
      progress = tourReducer(progress, { type: 'next' }, TRUCK_TOUR_STEPS);
    }
    const done = await truck.request({ method: 'PUT', url: '/api/tour', payload: progress });
    expect(done.json().progress).toMatchObject({ completed: true, points: 65 });

    // An organizer's tour has no such steps: their server refuses them, and a truck refuses the organizer's.
    const organizer = new Agent(app);
    await organizer.login('tina');
    const foreign = await organizer.request({ method: 'PUT', url: '/api/tour', payload: progress });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('This tour progress is not possible');
    const organizerSteps = tourReducer(afterWelcome, { type: 'next' });
    const wrongTour = await truck.request({ method: 'PUT', url: '/api/tour', payload: organizerSteps });
    expect(wrongTour.statusCode).toBe(400);
  });

  it('refuses a cross-origin write', async () => {
    const agent = new Agent(app);
    await agent.login('theo');
    const res = await agent.request({
      method: 'PUT',
      url: '/api/tour',
      payload: started,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
