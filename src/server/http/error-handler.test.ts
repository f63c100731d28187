import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import { DOMAIN_ERROR_STATUS } from './domain-error-status';
import { registerErrorHandler } from './error-handler';

/** A bare app whose only route throws what it is given, answered by the app's own error handler. */
async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response;
}

describe('a domain refusal at the HTTP edge', () => {
  it("answers its code's status with the use case's own message, as JSON", async () => {
    const response = await answerTo(
      new DomainError('event_not_taking_orders', 'This event is not taking orders'),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This event is not taking orders' });
  });

  it('names the fields a form should mark, and says when to try again', async () => {
    const invalid = await answerTo(
      new DomainError('start_in_past', 'The event must start in the future', {
        fields: { date: 'The event must start in the future' },
      }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: 'The event must start in the future',
      errors: { date: 'The event must start in the future' },
    });

    const later = await answerTo(
      new DomainError('password_attempts_exceeded', 'Too many wrong passwords.', { retryAfterSeconds: 90 }),
    );
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('90');
  });

  it('maps each kind of refusal to the status callers already know', () => {
    expect(DOMAIN_ERROR_STATUS.not_signed_in).toBe(401);
    expect(DOMAIN_ERROR_STATUS.not_the_events_organizer).toBe(403);
    expect(DOMAIN_ERROR_STATUS.order_not_found).toBe(404);
    expect(DOMAIN_ERROR_STATUS.prices_changed).toBe(409);
    expect(DOMAIN_ERROR_STATUS.login_attempts_exceeded).toBe(429);
    // A refusal is the caller's to fix: never a 5xx.
    for (const status of Object.values(DOMAIN_ERROR_STATUS)) expect(status).toBeLessThan(500);
  });
});
