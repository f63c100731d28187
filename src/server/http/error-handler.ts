import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PaymentProviderError } from '../adapters/payments/payment-gateway';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { DomainError } from '../domain-error';
import { DOMAIN_ERROR_STATUS } from './domain-error-status';
import { HttpError } from './errors';

export const DATABASE_UNAVAILABLE = 'We are back in a moment. Please try again in a few seconds.';
/** A restarted PostgreSQL answers again within seconds; the pool reconnects on the next query. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export const PAYMENTS_UNAVAILABLE =
  'Payments are not available right now. Please try again in a few minutes.';

/**
 * Every failure answers JSON `{ message, errors? }`. Bad input is 4xx with the schema's own messages;
 * only a real fault is 500, and its details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const { fields, retryAfterSeconds } = error.details;
      if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
      return reply.code(DOMAIN_ERROR_STATUS[error.code]).send({ message: error.message, errors: fields });
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message, errors: error.fieldErrors });
    }
    if (error instanceof PaymentProviderError) {
      // The provider's own text may name our key or our setup: the log keeps what finds the request
      // in the provider's dashboard, the diner gets a plain sentence.
      request.log.error(
        {
          provider: {
            requestId: error.requestId,
            type: error.type,
            code: error.code,
            status: error.providerStatus,
          },
        },
        'the payment provider refused the request',
      );
      return reply.code(502).send({ message: PAYMENTS_UNAVAILABLE });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        errors[field || '_'] ??= issue.message ?? 'Invalid input';
      }
      // The message is said to a person: the schema's own words, never the field's internal name
      // (that is in `errors`, for a form to mark the field).
      const message = Object.values(errors)[0] ?? 'Invalid input';
      return reply.code(400).send({ message, errors });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
      return reply.code(400).send({ message: 'The request body is not valid JSON' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing of the request is lost that a retry would not redo: every write is idempotent or
      // keyed (checkouts carry their Idempotency-Key). Said once per request, as a warning.
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error. Please try again later.' });
  });
}
