import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

/**
 * Every failure answers JSON `{ message, errors? }`. Bad input is 4xx with the schema's own messages;
 * only a real fault is 500, and its details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message, errors: error.fieldErrors });
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
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error. Please try again later.' });
  });
}
