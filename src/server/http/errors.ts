import type { ApiErrorCode, HttpErrorCode } from '../../contract/error-codes';

/** The code of a failure of this status that has no name of its own (src/contract/error-codes.ts). */
const STATUS_CODES: Partial<Record<number, HttpErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  402: 'payment_declined',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'upstream_failed',
  503: 'service_unavailable',
};

export function codeForStatus(status: number): HttpErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'request_refused');
}

/**
 * An error whose message is safe and meant for the caller. Its answer carries `code`: the one given,
 * else its status's (`not_found` for a 404).
 */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Sent as Retry-After with a 429 or 503. */
    readonly retryAfterSeconds?: number,
    code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? codeForStatus(statusCode);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>, code?: ApiErrorCode) =>
  new HttpError(400, message, fieldErrors, undefined, code);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds);
