import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES, type ApiErrorCode } from '../../src/contract/error-codes';
import type { Database } from '../../src/server/db/client';
import { createTruck, createUser } from '../../src/server/seed/factories';
import {
  Agent,
  createClock,
  createTestApp,
  openTestDatabase,
  TEST_ORIGIN,
  testConfig,
} from '../support/test-app';

/**
 * Every failure answers a stable `code` beside its message, listed in the API description, and none
 * of them is a 500: what the web decides by (docs/decisions/216-error-codes-to-the-client.md).
 */
let database: Database;
let app: FastifyInstance;
let documented: string[];
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, {
    now: clock.now,
    // One account per address per hour: the second is refused by the rate-limit plugin.
    rateLimits: { ...testConfig().rateLimits, registration: { max: 1, windowMs: 3_600_000 } },
  });
  const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  documented = spec.components.schemas.ErrorCode.enum;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** The failure's code, after checking it is a documented failure with a message a person can read. */
function codeOf(res: LightMyRequestResponse): { status: number; code: ApiErrorCode } {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { code: ApiErrorCode; message: string };
  expect(documented).toContain(body.code);
  expect(body.message.length, res.body).toBeGreaterThan(0);
  return { status: res.statusCode, code: body.code };
}

const json = { 'content-type': 'application/json', origin: TEST_ORIGIN };

describe('every kind of failure carries a stable code', () => {
  it('the codes the server can send are the codes the API description lists', () => {
    expect([...documented].sort()).toEqual([...API_ERROR_CODES].sort());
  });

  it('walks bad input, refusals, sessions, roles, absences, limits and malformed requests: a code each, no 500', async () => {
    const organizer = await createUser(database.db, { username: 'ada-organizer' });
    const truck = await createTruck(database.db);
    const otherTruck = await createTruck(database.db);
    const asOrganizer = new Agent(app, '10.61.0.1');
    await asOrganizer.login(organizer.username);
    const asOtherTruck = new Agent(app, '10.61.0.2');
    await asOtherTruck.login(otherTruck.username);
    const pending = `/api/events/pending/${truck.id}`;
    const register = (ip: string, username: string) =>
      new Agent(app, ip).post('/api/register', {
        username,
        password: 'harbor-lantern-42',
        role: 'organizer',
      });

    const failures: Array<[string, Promise<LightMyRequestResponse>]> = [
      ['a body the schema refuses', new Agent(app, '10.61.0.3').post('/api/register', { username: '' })],
      ['a parameter the schema refuses', new Agent(app).get('/api/events/not-a-number')],
      ['a name already taken', register('10.61.0.4', organizer.username)],
      ['no session', new Agent(app).get(pending)],
      [
        'a wrong password',
        new Agent(app, '10.61.0.5').post('/api/login', {
          username: organizer.username,
          password: 'not-it-at-all',
        }),
      ],
      ['the wrong role', asOrganizer.get(pending)],
      ["another truck's requests", asOtherTruck.get(pending)],
      [
        'a request from another site',
        app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'https://evil.example' } }),
      ],
      ['an event that is not there', new Agent(app).get('/api/events/999999')],
      ['an address the API does not have', new Agent(app).get('/api/nothing-here')],
      ['a method the route does not take', app.inject({ method: 'DELETE', url: '/api/health' })],
      [
        'a body that is not JSON',
        app.inject({ method: 'POST', url: '/api/login', headers: json, payload: '{"username": ' }),
      ],
      ['an empty JSON body', app.inject({ method: 'POST', url: '/api/login', headers: json, payload: '' })],
      [
        'a body too large',
        app.inject({
          method: 'POST',
          url: '/api/login',
          headers: json,
          payload: JSON.stringify({ username: 'x'.repeat(300 * 1024), password: 'y' }),
        }),
      ],
      [
        'a body of a type no route reads',
        app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { ...json, 'content-type': 'application/xml' },
          payload: '<login/>',
        }),
      ],
      [
        'a page link that is not one',
        asOrganizer.get(`/api/events/organizer/${organizer.id}?cursor=not-a-cursor`),
      ],
    ];
    const answers = await Promise.all(failures.map(([, answer]) => answer));
    const codes = Object.fromEntries(failures.map(([what], i) => [what, codeOf(answers[i]!)]));

    // The second account from one address in an hour: the rate-limit plugin's own refusal.
    expect((await register('10.61.0.9', 'first-of-two')).statusCode).toBe(201);
    const limited = await register('10.61.0.9', 'second-of-two');

    expect(codes).toEqual({
      'a body the schema refuses': { status: 400, code: 'invalid_request' },
      'a parameter the schema refuses': { status: 400, code: 'invalid_request' },
      'a name already taken': { status: 409, code: 'username_taken' },
      'no session': { status: 401, code: 'not_signed_in' },
      'a wrong password': { status: 401, code: 'invalid_credentials' },
      'the wrong role': { status: 403, code: 'role_not_allowed' },
      "another truck's requests": { status: 403, code: 'forbidden' },
      'a request from another site': { status: 403, code: 'forbidden' },
      'an event that is not there': { status: 404, code: 'not_found' },
      'an address the API does not have': { status: 404, code: 'not_found' },
      'a method the route does not take': { status: 404, code: 'not_found' },
      'a body that is not JSON': { status: 400, code: 'invalid_json' },
      'an empty JSON body': { status: 400, code: 'invalid_json' },
      'a body too large': { status: 413, code: 'payload_too_large' },
      'a body of a type no route reads': { status: 415, code: 'unsupported_media_type' },
      'a page link that is not one': { status: 400, code: 'page_cursor_invalid' },
    });
    expect(codeOf(limited)).toEqual({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
