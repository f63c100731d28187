/**
 * PostgreSQL's codes for "the server went away or is not taking connections": a restart (57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), a terminated backend, and the
 * connection-exception class 08.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres says these in words only. */
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error|Client was closed|timeout exceeded when trying to connect|terminating connection/i;

/**
 * Whether a failure is the database being out of reach (restarting, its connection cut) rather than a
 * fault of the request: such a request may simply be tried again in a moment. Drizzle wraps the
 * driver's error, so the whole `cause` chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
    current = cause;
  }
  return false;
}
