import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { perDatabase, prepareStatement } from '../../db/prepared';
import { simulatorIdempotency, simulatorIntents } from '../../db/schema';
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
  const fingerprint = fingerprintOf(operation, params);
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

function fingerprintOf(operation: string, params: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${JSON.stringify(params)}`)
    .digest('hex');
}

const value = sql.placeholder;

/** The key, its answer and the new intent in one statement; no row when the key was used before. */
const createIntentOnce = perDatabase((db) =>
  prepareStatement<{ key: string }>(
    db,
    'simulator_create_intent_once',
    sql`
      with claimed as (
        insert into ${simulatorIdempotency} (key, response, created_at)
        values (${value('key')}, ${value('response')}::jsonb, ${value('at')}::timestamptz)
        on conflict (key) do nothing
        returning key
      ), created as (
        insert into ${simulatorIntents} (id, object, client_secret, amount, currency, capture_method,
            status, payment_method, customer, metadata, created_at, updated_at)
        select ${value('id')}, ${value('object')}, ${value('clientSecret')}, ${value('amount')}::bigint,
               ${value('currency')}, ${value('captureMethod')}, ${value('status')}, ${value('paymentMethod')},
               ${value('customer')}, ${value('metadata')}::jsonb, ${value('at')}::timestamptz,
               ${value('at')}::timestamptz
         where exists (select 1 from claimed)
        returning id
      )
      select key from claimed`,
  ),
);

/** A new intent as `createOncePerKey` writes it. */
export type NewIntentRow = Pick<
  typeof simulatorIntents.$inferSelect,
  | 'id'
  | 'object'
  | 'clientSecret'
  | 'amount'
  | 'currency'
  | 'captureMethod'
  | 'status'
  | 'paymentMethod'
  | 'customer'
  | 'metadata'
  | 'createdAt'
>;

/**
 * A call that creates an intent and reads nothing, so its answer is known before it runs (creating a
 * PaymentIntent or SetupIntent to be confirmed later): the key with that answer and the intent are
 * written in one statement, without a transaction (decision 095). When the key was used before, the
 * first answer is replayed, or the call refused, by `runOncePerKey`, as for every other call.
 */
export async function createOncePerKey<T>(
  db: Db,
  now: () => Date,
  key: string,
  operation: string,
  params: unknown,
  intent: NewIntentRow,
  answer: T,
): Promise<Outcome<T>> {
  if (!key) throw new PaymentGatewayError('An idempotency key is required', 'parameter_missing');
  const response: StoredResponse = { fingerprint: fingerprintOf(operation, params), ok: answer };
  const [claimed] = await createIntentOnce(db).run({
    key,
    response: JSON.stringify(response),
    at: intent.createdAt.toISOString(),
    id: intent.id,
    object: intent.object,
    clientSecret: intent.clientSecret,
    amount: intent.amount,
    currency: intent.currency,
    captureMethod: intent.captureMethod,
    status: intent.status,
    paymentMethod: intent.paymentMethod,
    customer: intent.customer,
    metadata: JSON.stringify(intent.metadata),
  });
  if (claimed) return { value: answer, events: [] };
  return runOncePerKey(db, now, key, operation, params, async (tx) => {
    // Not reached while keys are never deleted: the statement found the key, so it is stored.
    await tx.insert(simulatorIntents).values({ ...intent, updatedAt: intent.createdAt });
    return { value: answer, events: [] };
  });
}

export function declinedError(d: StoredDecline): CardDeclinedError {
  return new CardDeclinedError(d.message, d.code, d.declineCode, d.paymentIntentId, d.setupIntentId);
}
