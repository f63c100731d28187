import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { simulatorIntents } from '../../db/schema';
import type { CardBehaviour } from './simulator-cards';
import {
  IntentNotFoundError,
  PaymentGatewayError,
  type CaptureMethod,
  type GatewayPaymentIntent,
  type GatewaySetupIntent,
  type Metadata,
  type PaymentIntentStatus,
  type SetupIntentStatus,
} from './payment-gateway';

/**
 * The simulator's persistence: one `simulator_intents` row per PaymentIntent or SetupIntent, read and
 * written here, and shown to callers exactly as Stripe shows its objects.
 */

export type IntentRow = typeof simulatorIntents.$inferSelect;

/** What the simulator keeps beside the caller's metadata (never shown as metadata). */
export interface SimulatorState {
  card?: SimulatorCard;
  cancellationReason?: string;
}

export interface SimulatorCard {
  behaviour: CardBehaviour;
  brand: string;
  last4: string;
}

export const STATE_KEY = '__simulator';

export const randomId = (prefix: string) =>
  `${prefix}_sim_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

const value = sql.placeholder;

/** The simulator's statements that every order runs, prepared once per database (decision 095). */
const intentStatements = perDatabase((db) => ({
  find: db
    .select()
    .from(simulatorIntents)
    .where(and(eq(simulatorIntents.id, value('id')), eq(simulatorIntents.object, value('object'))))
    .prepare('simulator_find_intent'),
  /**
   * A card that authorizes meets a PaymentIntent waiting for one: held (manual capture) or charged,
   * the card and the outcome in one update. The client secret is compared as digests, so how long
   * the comparison takes says nothing about the secret.
   */
  authorizeWithCard: db
    .update(simulatorIntents)
    .set({
      status: sql`case when ${simulatorIntents.captureMethod} = 'manual' then 'requires_capture' else 'succeeded' end`,
      paymentMethod: sql`${value('paymentMethod')}`,
      lastError: null,
      metadata: sql`${simulatorIntents.metadata} || jsonb_build_object(${STATE_KEY}::text, coalesce(${simulatorIntents.metadata} -> ${STATE_KEY}::text, '{}'::jsonb) || ${value('state')}::jsonb)`,
      updatedAt: sql`${value('now')}::timestamptz`,
    })
    .where(
      and(
        eq(simulatorIntents.id, value('id')),
        eq(simulatorIntents.object, 'payment_intent'),
        sql`md5(${simulatorIntents.clientSecret}) = md5(${value('clientSecret')})`,
        inArray(simulatorIntents.status, ['requires_payment_method', 'requires_confirmation']),
      ),
    )
    .returning()
    .prepare('simulator_authorize_with_card'),
}));

/** An intent as it is now, read outside any transaction (a retrieve call). */
export async function readIntent(db: Db, id: string, object: IntentRow['object']): Promise<IntentRow> {
  const [row] = await intentStatements(db).find.execute({ id, object });
  return existingIntent(row, id, object);
}

/**
 * The card form's common case in one statement (Stripe.js's confirmCardPayment with a card that
 * authorizes): answers the intent held or charged, or null when the intent is not a PaymentIntent
 * waiting for a card with this client secret, which the caller then works out in full.
 */
export async function authorizeWithCard(
  db: Db,
  now: Date,
  clientSecret: string,
  paymentMethod: string,
  card: SimulatorCard,
): Promise<IntentRow | null> {
  const id = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const state: SimulatorState = { card };
  const [row] = await intentStatements(db).authorizeWithCard.execute({
    id,
    clientSecret,
    paymentMethod,
    state: JSON.stringify(state),
    now: now.toISOString(),
  });
  return row ?? null;
}

export async function findIntent(
  db: Db | Tx,
  id: string,
  object: IntentRow['object'],
  forUpdate = false,
): Promise<IntentRow> {
  const query = db
    .select()
    .from(simulatorIntents)
    .where(and(eq(simulatorIntents.id, id), eq(simulatorIntents.object, object)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return existingIntent(row, id, object);
}

/** The row a call names, or Stripe's `resource_missing` error when there is none. */
function existingIntent(row: IntentRow | undefined, id: string, object: IntentRow['object']): IntentRow {
  if (!row) throw new IntentNotFoundError(`No such ${object}: '${id}'`);
  return row;
}

export async function updateIntent(
  tx: Tx,
  now: Date,
  id: string,
  set: Partial<Pick<IntentRow, 'status' | 'paymentMethod' | 'lastError'>>,
  state?: SimulatorState,
  /** The row as the caller holds it now (locked or just written), so it need not be read again. */
  known?: IntentRow,
): Promise<IntentRow> {
  // Only new simulator state needs the row (to merge it into the metadata).
  let metadata: IntentRow['metadata'] | undefined;
  if (state) {
    const current =
      known ?? (await tx.select().from(simulatorIntents).where(eq(simulatorIntents.id, id)))[0]!;
    metadata = storedMetadata(callerMetadata(current), { ...simulatorState(current), ...state });
  }
  const [row] = await tx
    .update(simulatorIntents)
    .set({ ...set, ...(metadata === undefined ? {} : { metadata }), updatedAt: now })
    .where(eq(simulatorIntents.id, id))
    .returning();
  return row!;
}

/** The card a customer saved with a SetupIntent. */
export async function findSavedCard(tx: Tx, paymentMethod: string, customer: string): Promise<SimulatorCard> {
  const [setup] = await tx
    .select()
    .from(simulatorIntents)
    .where(
      and(
        eq(simulatorIntents.paymentMethod, paymentMethod),
        eq(simulatorIntents.object, 'setup_intent'),
        eq(simulatorIntents.status, 'succeeded'),
      ),
    );
  const card = setup && simulatorState(setup).card;
  if (!setup || !card) throw new IntentNotFoundError(`No such PaymentMethod: '${paymentMethod}'`);
  if (setup.customer !== customer) {
    throw new PaymentGatewayError(
      'The provided PaymentMethod belongs to another customer.',
      'payment_method_unexpected_state',
    );
  }
  return card;
}

export function storedMetadata(metadata: Metadata, state: SimulatorState): Record<string, unknown> {
  return Object.keys(state).length > 0 ? { ...metadata, [STATE_KEY]: state } : { ...metadata };
}

export function simulatorState(row: IntentRow): SimulatorState {
  return ((row.metadata as Record<string, unknown>)[STATE_KEY] as SimulatorState | undefined) ?? {};
}

export function callerMetadata(row: IntentRow): Metadata {
  const { [STATE_KEY]: _state, ...rest } = row.metadata as Record<string, string>;
  return rest;
}

export function toPaymentIntent(row: IntentRow): GatewayPaymentIntent {
  const status = row.status as PaymentIntentStatus;
  const amount = row.amount ?? 0;
  return {
    object: 'payment_intent',
    id: row.id,
    status,
    amount,
    amountCapturable: status === 'requires_capture' ? amount : 0,
    amountReceived: status === 'succeeded' ? amount : 0,
    currency: row.currency,
    captureMethod: (row.captureMethod ?? 'automatic') as CaptureMethod,
    clientSecret: row.clientSecret,
    paymentMethod: row.paymentMethod,
    customer: row.customer,
    metadata: callerMetadata(row),
    lastPaymentError: row.lastError,
    cancellationReason: status === 'canceled' ? (simulatorState(row).cancellationReason ?? null) : null,
  };
}

export function toSetupIntent(row: IntentRow): GatewaySetupIntent {
  return {
    object: 'setup_intent',
    id: row.id,
    status: row.status as SetupIntentStatus,
    clientSecret: row.clientSecret,
    paymentMethod: row.status === 'succeeded' ? row.paymentMethod : null,
    customer: row.customer,
    metadata: callerMetadata(row),
    lastSetupError: row.lastError,
  };
}
