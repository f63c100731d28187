import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { simulatorIdempotency } from '../../db/schema';
import {
  CardDeclinedError,
  IdempotencyKeyReuseError,
  PaymentGatewayError,
  type PaymentEvent,
} from './payment-gateway';

/**
 * Stripe's idempotency keys, as the simulator keeps them: the first answer to a key (a result or a
 * decline) is stored with a fingerprint of the call, a replay answers it again, and the same key for
 * another call is refused.
 */

/** A declined card, as stored so that an idempotent replay declines again. */
export interface StoredDecline {
  message: string;
  code: string;
  declineCode: string;
  paymentIntentId?: string;
  setupIntentId?: string;
}

/** What one call did: its answer or its decline, and the events it reports. */
export interface Outcome<T> {
  value?: T;
  declined?: StoredDecline;
  events: PaymentEvent[];
}

interface StoredResponse {
  fingerprint: string;
  ok?: unknown;
  declined?: StoredDecline;
}

/** Runs a mutating call once per key in one transaction; a replay answers the first outcome (without events). */
export async function runOncePerKey<T>(
  db: Db,
  now: () => Date,
  key: string,
  operation: string,
  params: unknown,
  run: (tx: Tx) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  if (!key) throw new PaymentGatewayError('An idempotency key is required', 'parameter_missing');
  const fingerprint = createHash('sha256')
    .update(`${operation}\n${JSON.stringify(params)}`)
    .digest('hex');
  return db.transaction(async (tx): Promise<Outcome<T>> => {
    // Two instances sending the same key at once: the second waits, then replays.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`simulator:${key}`}, 0))`);
    const [stored] = await tx.select().from(simulatorIdempotency).where(eq(simulatorIdempotency.key, key));
    if (stored) {
      const response = stored.response as StoredResponse;
      if (response.fingerprint !== fingerprint) {
        throw new IdempotencyKeyReuseError(
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      return { value: response.ok as T, declined: response.declined, events: [] };
    }
    const result = await run(tx);
    const response: StoredResponse = { fingerprint, ok: result.value, declined: result.declined };
    await tx.insert(simulatorIdempotency).values({ key, response, createdAt: now() });
    return result;
  });
}

export function declinedError(d: StoredDecline): CardDeclinedError {
  return new CardDeclinedError(d.message, d.code, d.declineCode, d.paymentIntentId, d.setupIntentId);
}
