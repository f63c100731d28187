import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../contract/common';
import { PaymentProviderError } from '../adapters/payments/payment-gateway';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { DomainError } from '../domain-error';
import { errorMessage, requestLanguage } from '../i18n';
import { DOMAIN_ERROR_STATUS } from './domain-error-status';
import { codeForStatus, HttpError } from './errors';
import { validationAnswer } from './validation-words';

export const DATABASE_UNAVAILABLE = 'We are back in a moment. Please try again in a few seconds.';
/** A restarted PostgreSQL answers again within seconds; the pool reconnects on the next query. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export const PAYMENTS_UNAVAILABLE =
  'Payments are not available right now. Please try again in a few minutes.';

/**
 * The body of every failure (the contract's `Error`): a code to decide by, a message to show, in the
 * caller's language (English as thrown; another from the `errors` catalog by code, decision 228, or
 * from the error's own `said` when it names an amount in the event's currency).
 */
function answer(
  reply: FastifyReply,
  status: number,
  body: ApiErrorBody,
  said?: DomainError['details']['said'],
) {
  const language = requestLanguage(reply.request);
  const own = said?.[language];
  if (own !== undefined) {
    // Said already in the caller's language, with its amount: the fields that repeat the message too.
    const errors =
      body.errors &&
      Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, v === body.message ? own : v]));
    return reply.code(status).send({ ...body, message: own, errors });
  }
  const message = errorMessage(language, body.code, body.message);
  return reply.code(status).send({ ...body, message });
}

/**
 * Every failure answers JSON `{ code, message, errors? }`: `code` is a stable name a client decides
 * by (src/contract/error-codes.ts), `message` a sentence for a person. Bad input is 4xx with the
 * schema's own messages; only a real fault is 500, and its details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const { fields, retryAfterSeconds } = error.details;
      if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
      return answer(
        reply,
        DOMAIN_ERROR_STATUS[error.code],
        { code: error.code, message: error.message, errors: fields },
        error.details.said,
      );
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return answer(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        errors: error.fieldErrors,
      });
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
      return answer(reply, 502, { code: 'payments_unavailable', message: PAYMENTS_UNAVAILABLE });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The message is said to a person: the schema's own words (in the caller's language), never the
      // field's internal name (that is in `errors`, for a form to mark the field).
      return reply.code(400).send(validationAnswer(error.validation, requestLanguage(request)));
    }
    const status = error.statusCode ?? 500;
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (error instanceof SyntaxError && status === 400)
    ) {
      return answer(reply, 400, { code: 'invalid_json', message: 'The request body is not valid JSON' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's and its plugins' own refusals (a body too large, of a type no route reads, an
      // address too long): their message, and the code of their status.
      return answer(reply, status, { code: codeForStatus(status), message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing of the request is lost that a retry would not redo: every write is idempotent or
      // keyed (checkouts carry their Idempotency-Key). Said once per request, as a warning.
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return answer(reply, 503, { code: 'service_unavailable', message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return answer(reply, 500, {
      code: 'internal_error',
      message: 'Internal server error. Please try again later.',
    });
  });
}
