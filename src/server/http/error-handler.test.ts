import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contract/common';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import { DOMAIN_ERROR_STATUS } from './domain-error-status';
import { registerErrorHandler } from './error-handler';
import { badRequest, HttpError, notFound, tooManyRequests } from './errors';

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
    expect(response.json()).toEqual({
      code: 'event_not_taking_orders',
      message: 'This event is not taking orders',
    });
  });

  it('names the fields a form should mark, and says when to try again', async () => {
    const invalid = await answerTo(
      new DomainError('start_in_past', 'The event must start in the future', {
        fields: { date: 'The event must start in the future' },
      }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      code: 'start_in_past',
      message: 'The event must start in the future',
      errors: { date: 'The event must start in the future' },
    });

    const later = await answerTo(
      new DomainError('password_attempts_exceeded', 'Too many wrong passwords.', { retryAfterSeconds: 90 }),
    );
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('90');
    expect(later.json()).toMatchObject({ code: 'password_attempts_exceeded' });
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

describe('every failure carries a stable code beside its message', () => {
  it("answers a route's own HTTP refusal with its status's code, or the code it names", async () => {
    expect((await answerTo(notFound('Event not found'))).json()).toEqual({
      code: 'not_found',
      message: 'Event not found',
    });
    const busy = await answerTo(tooManyRequests('Too many streams.', 30));
    expect([busy.statusCode, busy.json().code, busy.headers['retry-after']]).toEqual([
      429,
      'rate_limited',
      '30',
    ]);
    const cursor = await answerTo(
      badRequest('That page link is not valid', { cursor: 'Not valid' }, 'page_cursor_invalid'),
    );
    expect(cursor.json()).toEqual({
      code: 'page_cursor_invalid',
      message: 'That page link is not valid',
      errors: { cursor: 'Not valid' },
    });
    const upstream = await answerTo(new HttpError(502, 'Failed to fetch coordinates'));
    expect([upstream.statusCode, upstream.json().code]).toEqual([502, 'upstream_failed']);
  });

  it('answers a fault of ours 500 internal_error, its details kept out of the answer', async () => {
    const response = await answerTo(new Error('relation "orders" does not exist'));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'internal_error',
      message: 'Internal server error. Please try again later.',
    });
  });

  /** An app as the real one validates and serializes: Zod schemas, a body limit, the error schema for 4xx. */
  async function appWithSchemas() {
    const app = Fastify({ logger: false, bodyLimit: 64 });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.post(
      '/names',
      {
        schema: {
          body: z.object({ name: z.string().min(1, 'Enter a name') }),
          response: { 200: z.object({ ok: z.boolean() }), ...errorResponses },
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    return app;
  }

  it('names what Fastify itself refuses: bad input, bad JSON, too large, an unread media type', async () => {
    const app = await appWithSchemas();
    try {
      const post = (payload: string, contentType = 'application/json') =>
        app.inject({ method: 'POST', url: '/names', payload, headers: { 'content-type': contentType } });
      const invalid = await post(JSON.stringify({ name: '' }));
      expect([invalid.statusCode, invalid.json()]).toEqual([
        400,
        { code: 'invalid_request', message: 'Enter a name', errors: { name: 'Enter a name' } },
      ]);
      const malformed = await post('{"name": ');
      expect([malformed.statusCode, malformed.json()]).toEqual([
        400,
        { code: 'invalid_json', message: 'The request body is not valid JSON' },
      ]);
      const empty = await post('');
      expect([empty.statusCode, empty.json().code]).toEqual([400, 'invalid_json']);
      const large = await post(JSON.stringify({ name: 'x'.repeat(100) }));
      expect([large.statusCode, large.json().code]).toEqual([413, 'payload_too_large']);
      const xml = await post('<name>Sam</name>', 'application/xml');
      expect([xml.statusCode, xml.json().code]).toEqual([415, 'unsupported_media_type']);
    } finally {
      await app.close();
    }
  });
});
