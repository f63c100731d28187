import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { simulatorIdempotency, simulatorIntents } from '../../db/schema';
import { CARD_DECLINES, cardBehaviour, type CardBehaviour } from './simulator-cards';
import {
  CardDeclinedError,
  IdempotencyKeyReuseError,
  IntentNotFoundError,
  IntentStateError,
  PaymentGatewayError,
  WebhookVerificationError,
  type CaptureMethod,
  type CreateCustomerInput,
  type CreatePaymentIntentInput,
  type CreateSetupIntentInput,
  type GatewayCustomer,
  type GatewayEvent,
  type GatewayPaymentIntent,
  type GatewayRefund,
  type GatewaySetupIntent,
  type Metadata,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentIntentStatus,
  type RefundPaymentIntentInput,
  type SetupIntentStatus,
} from './payment-gateway';
import type { PaymentEvents } from './payment-events';
import type { Pacer } from './provider-pacer';
import type { GatewayTask } from './gateway-hooks';
import { simulatorRoutes } from './simulator-routes';

/** Stripe releases an uncaptured hold after about 7 days. */
export const HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

interface Logger {
  error(obj: object, msg: string): void;
}

export interface SimulatorGatewayOptions {
  db: Db;
  events: PaymentEvents;
  now: () => Date;
  log: Logger;
  /** The provider's rate limit, shared by the instances, as for Stripe. */
  pacer?: Pacer | undefined;
  /** Pretend network latency per API call (benchmarks of the capture fan-out). */
  latencyMs?: number | undefined;
}

/** What the simulator keeps beside the caller's metadata (never shown as metadata). */
interface SimulatorState {
  card?: { behaviour: CardBehaviour; brand: string; last4: string };
  cancellationReason?: string;
}

type IntentRow = typeof simulatorIntents.$inferSelect;

/** A declined card, as stored so that an idempotent replay declines again. */
interface StoredDecline {
  message: string;
  code: string;
  declineCode: string;
  paymentIntentId?: string;
  setupIntentId?: string;
}

interface StoredResponse {
  fingerprint: string;
  ok?: unknown;
  declined?: StoredDecline;
}

interface Outcome<T> {
  value?: T;
  declined?: StoredDecline;
  events: PaymentEvent[];
}

const STATE_KEY = '__simulator';
const CANCELABLE: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];

const randomId = (prefix: string) =>
  `${prefix}_sim_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

/**
 * Stripe test mode, kept in the database: the default gateway when no STRIPE_SECRET_KEY is set. Its
 * card form posts to `POST /api/payments/simulator/confirm`; it plays Stripe's test cards, honours
 * idempotency keys, and reports the same events Stripe's webhook would, through `PaymentEvents`.
 */
export class SimulatorGateway implements PaymentGateway {
  readonly provider = 'simulator' as const;
  private readonly db: Db;
  private readonly events: PaymentEvents;
  private readonly now: () => Date;
  private readonly log: Logger;
  private readonly deliveries = new Set<Promise<void>>();
  private readonly pacer: Pacer | undefined;
  private readonly latencyMs: number;

  constructor(options: SimulatorGatewayOptions) {
    this.db = options.db;
    this.events = options.events;
    this.now = options.now;
    this.log = options.log;
    this.pacer = options.pacer;
    this.latencyMs = options.latencyMs ?? 0;
  }

  /** What a call over the network to Stripe costs: a turn under the shared rate limit, and latency. */
  private async remote(): Promise<void> {
    await this.pacer?.wait();
    if (this.latencyMs > 0) await sleep(this.latencyMs);
  }

  async createCustomer(input: CreateCustomerInput): Promise<GatewayCustomer> {
    await this.remote();
    return this.idempotent(input.idempotencyKey, 'customers.create', input, async () => ({
      value: { id: randomId('cus'), email: input.email ?? null, name: input.name ?? null },
      events: [],
    }));
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<GatewayPaymentIntent> {
    await this.remote();
    if (!Number.isSafeInteger(input.amount) || input.amount < 50 || input.amount > 99_999_999) {
      throw new PaymentGatewayError(
        'Amount must be at least $0.50 usd and at most $999,999.99',
        'amount_too_small',
      );
    }
    return this.idempotent(input.idempotencyKey, 'payment_intents.create', input, async (tx) => {
      const id = randomId('pi');
      const state: SimulatorState = {};
      if (input.confirm) {
        if (!input.paymentMethod || !input.customer) {
          throw new PaymentGatewayError(
            'Charging a saved card needs its customer and payment method',
            'parameter_missing',
          );
        }
        state.card = await this.savedCard(tx, input.paymentMethod, input.customer);
      }
      const [row] = await tx
        .insert(simulatorIntents)
        .values({
          id,
          object: 'payment_intent',
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amount: input.amount,
          currency: input.currency ?? 'usd',
          captureMethod: input.captureMethod,
          status: 'requires_payment_method',
          paymentMethod: input.paymentMethod ?? null,
          customer: input.customer ?? null,
          metadata: storedMetadata(input.metadata ?? {}, state),
          createdAt: this.now(),
          updatedAt: this.now(),
        })
        .returning();
      if (!input.confirm) return { value: toPaymentIntent(row!), events: [] };
      // A charge without the diner: a card that fails when charged fails here, as it would at capture.
      return this.authorize(tx, row!, input.paymentMethod!, state.card!, true);
    });
  }

  async createSetupIntent(input: CreateSetupIntentInput): Promise<GatewaySetupIntent> {
    await this.remote();
    return this.idempotent(input.idempotencyKey, 'setup_intents.create', input, async (tx) => {
      const id = randomId('seti');
      const [row] = await tx
        .insert(simulatorIntents)
        .values({
          id,
          object: 'setup_intent',
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          status: 'requires_payment_method',
          customer: input.customer,
          metadata: storedMetadata(input.metadata ?? {}, {}),
          createdAt: this.now(),
          updatedAt: this.now(),
        })
        .returning();
      return { value: toSetupIntent(row!), events: [] };
    });
  }

  async retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent> {
    await this.remote();
    return toPaymentIntent(await this.find(this.db, id, 'payment_intent'));
  }

  async retrieveSetupIntent(id: string): Promise<GatewaySetupIntent> {
    await this.remote();
    return toSetupIntent(await this.find(this.db, id, 'setup_intent'));
  }

  async capturePaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent> {
    await this.remote();
    return this.idempotent(idempotencyKey, 'payment_intents.capture', { id }, async (tx) => {
      const row = await this.find(tx, id, 'payment_intent', true);
      if (row.status !== 'requires_capture') {
        throw new IntentStateError(
          `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      const state = simulatorState(row);
      if (state.card?.behaviour === 'fails_after_attach') {
        return this.decline(tx, row, CARD_DECLINES.fails_after_attach);
      }
      const updated = await this.update(tx, id, { status: 'succeeded' });
      const intent = toPaymentIntent(updated);
      return { value: intent, events: [event('payment_intent.succeeded', intent)] };
    });
  }

  async cancelPaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent> {
    await this.remote();
    return this.idempotent(idempotencyKey, 'payment_intents.cancel', { id }, async (tx) => {
      const row = await this.find(tx, id, 'payment_intent', true);
      if (!CANCELABLE.includes(row.status as PaymentIntentStatus)) {
        throw new IntentStateError(
          `You cannot cancel this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        );
      }
      const intent = toPaymentIntent(await this.update(tx, id, { status: 'canceled' }));
      return { value: intent, events: [event('payment_intent.canceled', intent)] };
    });
  }

  /** A Stripe Refund: only a succeeded intent has money to give back, and never more than it took. */
  async refundPaymentIntent(input: RefundPaymentIntentInput): Promise<GatewayRefund> {
    await this.remote();
    return this.idempotent(input.idempotencyKey, 'refunds.create', input, async (tx) => {
      const row = await this.find(tx, input.paymentIntentId, 'payment_intent', true);
      if (row.status !== 'succeeded') {
        throw new PaymentGatewayError(
          `This PaymentIntent (${row.id}) does not have a successful charge to refund.`,
          'charge_not_refundable',
        );
      }
      const charged = row.amount ?? 0;
      const amount = input.amount ?? charged - row.amountRefunded;
      if (amount <= 0 || row.amountRefunded + amount > charged) {
        throw new PaymentGatewayError(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${charged - row.amountRefunded})`,
          'amount_too_large',
        );
      }
      await tx
        .update(simulatorIntents)
        .set({ amountRefunded: row.amountRefunded + amount, updatedAt: this.now() })
        .where(eq(simulatorIntents.id, row.id));
      const refund: GatewayRefund = {
        object: 'refund',
        id: randomId('re'),
        paymentIntent: row.id,
        amount,
        status: 'succeeded',
      };
      return { value: refund, events: [] };
    });
  }

  verifyWebhook(): GatewayEvent {
    throw new WebhookVerificationError('Webhooks are not used by the payment simulator');
  }

  /**
   * What the simulator's card form does (Stripe.js's confirmCardPayment / confirmCardSetup). Confirming
   * an intent that is already confirmed answers its current state. Resolves once the resulting events
   * have been handled, so the order is up to date when the diner's browser hears back.
   */
  async confirmWithCard(
    clientSecret: string,
    cardNumber: string,
  ): Promise<{ id: string; status: PaymentIntentStatus | SetupIntentStatus }> {
    const id = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    const outcome = await this.db.transaction(
      async (tx): Promise<Outcome<{ id: string; status: PaymentIntentStatus | SetupIntentStatus }>> => {
        const [row] = await tx
          .select()
          .from(simulatorIntents)
          .where(eq(simulatorIntents.id, id))
          .for('update');
        if (!row || !sameSecret(row.clientSecret, clientSecret))
          throw new IntentNotFoundError('No such payment: the client secret is not valid');
        if (row.status !== 'requires_payment_method' && row.status !== 'requires_confirmation') {
          if (row.status === 'canceled')
            throw new IntentStateError('This payment was cancelled and can no longer be confirmed.');
          return { value: { id: row.id, status: row.status as PaymentIntentStatus }, events: [] };
        }
        const card = cardBehaviour(cardNumber);
        if (row.object === 'setup_intent') return this.saveCard(tx, row, card);
        const result = await this.authorize(tx, row, randomId('pm'), card, false);
        return { ...result, value: result.value && { id: result.value.id, status: result.value.status } };
      },
    );
    await this.deliver(outcome.events);
    if (outcome.declined) throw declinedError(outcome.declined);
    return outcome.value!;
  }

  /**
   * Lets a hold lapse now, as Stripe does after about 7 days: the intent is canceled (reason
   * `automatic`) and `charge.expired` then `payment_intent.canceled` are handled before this resolves.
   */
  async expireHold(paymentIntentId: string): Promise<GatewayPaymentIntent> {
    const [row] = await this.db
      .update(simulatorIntents)
      .set({
        status: 'canceled',
        updatedAt: this.now(),
        metadata: sql`${simulatorIntents.metadata} || jsonb_build_object(${STATE_KEY}::text, coalesce(${simulatorIntents.metadata} -> ${STATE_KEY}::text, '{}'::jsonb) || '{"cancellationReason":"automatic"}'::jsonb)`,
      })
      .where(and(eq(simulatorIntents.id, paymentIntentId), eq(simulatorIntents.status, 'requires_capture')))
      .returning();
    if (!row) {
      const current = await this.find(this.db, paymentIntentId, 'payment_intent');
      throw new IntentStateError(`${paymentIntentId} holds nothing (status ${current.status})`);
    }
    const intent = toPaymentIntent(row);
    await this.deliver([
      event('charge.expired', {
        object: 'charge',
        id: `ch_sim_${row.id.slice('pi_sim_'.length)}`,
        paymentIntent: row.id,
        amount: row.amount ?? 0,
        status: 'failed',
      }),
      event('payment_intent.canceled', intent),
    ]);
    return intent;
  }

  /** The reconciler's task: holds authorized more than 7 days ago (by the app's clock) lapse. */
  async expireStaleHolds(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - HOLD_LIFETIME_MS);
    const stale = await this.db
      .select({ id: simulatorIntents.id })
      .from(simulatorIntents)
      .where(and(eq(simulatorIntents.status, 'requires_capture'), lte(simulatorIntents.updatedAt, cutoff)))
      .limit(100);
    let expired = 0;
    for (const { id } of stale) {
      try {
        await this.expireHold(id);
        expired++;
      } catch (error) {
        // Captured or cancelled in the meantime, perhaps by another instance.
        if (!(error instanceof IntentStateError)) throw error;
      }
    }
    return expired;
  }

  /** Waits until every event reported in the background has been handled (tests; shutdown). */
  async flushEvents(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  // ---- hooks the app calls on any gateway ----

  /** The card form's stand-in for Stripe.js. */
  async registerRoutes(app: FastifyInstance): Promise<void> {
    await app.register(simulatorRoutes, { simulator: this });
  }

  /** Stripe lets an uncaptured hold lapse after about 7 days; so does the simulator. */
  reconcilerTasks(): GatewayTask[] {
    return [{ name: 'simulator-expire-holds', run: () => this.expireStaleHolds() }];
  }

  flush(): Promise<void> {
    return this.flushEvents();
  }

  close(): Promise<void> {
    return this.flushEvents();
  }

  // ---- internals ----

  /** Runs a mutating call once per key: a replay answers the first result (or decline) again. */
  private async idempotent<T>(
    key: string,
    operation: string,
    params: unknown,
    run: (tx: Tx) => Promise<Outcome<T>>,
  ): Promise<T> {
    if (!key) throw new PaymentGatewayError('An idempotency key is required', 'parameter_missing');
    const fingerprint = createHash('sha256')
      .update(`${operation}\n${JSON.stringify(params)}`)
      .digest('hex');
    const outcome = await this.db.transaction(async (tx): Promise<Outcome<T>> => {
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
      await tx.insert(simulatorIdempotency).values({ key, response, createdAt: this.now() });
      return result;
    });
    this.deliverInBackground(outcome.events);
    if (outcome.declined) throw declinedError(outcome.declined);
    return outcome.value as T;
  }

  /** A card meets a PaymentIntent: a hold (manual capture), a charge (automatic), or a decline. */
  private async authorize(
    tx: Tx,
    row: IntentRow,
    paymentMethod: string,
    card: NonNullable<SimulatorState['card']>,
    charging: boolean,
  ): Promise<Outcome<GatewayPaymentIntent>> {
    const withCard = await this.update(tx, row.id, { paymentMethod }, { card });
    const failsNow =
      card.behaviour !== 'ok' &&
      (card.behaviour !== 'fails_after_attach' || charging || row.captureMethod !== 'manual');
    if (failsNow)
      return this.decline(tx, withCard, CARD_DECLINES[card.behaviour as Exclude<CardBehaviour, 'ok'>]);
    if (row.captureMethod === 'manual') {
      const intent = toPaymentIntent(
        await this.update(tx, row.id, { status: 'requires_capture', lastError: null }),
      );
      return { value: intent, events: [event('payment_intent.amount_capturable_updated', intent)] };
    }
    const intent = toPaymentIntent(await this.update(tx, row.id, { status: 'succeeded', lastError: null }));
    return { value: intent, events: [event('payment_intent.succeeded', intent)] };
  }

  private async saveCard(
    tx: Tx,
    row: IntentRow,
    card: NonNullable<SimulatorState['card']>,
  ): Promise<Outcome<{ id: string; status: SetupIntentStatus }>> {
    if (card.behaviour === 'declined' || card.behaviour === 'not_a_test_card') {
      const decline = CARD_DECLINES[card.behaviour];
      const failed = toSetupIntent(await this.update(tx, row.id, { lastError: decline.message }));
      return {
        declined: { ...decline, setupIntentId: row.id },
        events: [event('setup_intent.setup_failed', failed)],
      };
    }
    // Saved cards that fail later (insufficient funds, 0341) fail when they are charged.
    const saved = toSetupIntent(
      await this.update(
        tx,
        row.id,
        { status: 'succeeded', paymentMethod: randomId('pm'), lastError: null },
        { card },
      ),
    );
    return {
      value: { id: saved.id, status: saved.status },
      events: [event('setup_intent.succeeded', saved)],
    };
  }

  private async decline(
    tx: Tx,
    row: IntentRow,
    decline: { code: string; declineCode: string; message: string },
  ): Promise<Outcome<never>> {
    const failed = toPaymentIntent(
      await this.update(tx, row.id, { status: 'requires_payment_method', lastError: decline.message }),
    );
    return {
      declined: { ...decline, paymentIntentId: row.id },
      events: [event('payment_intent.payment_failed', failed)],
    };
  }

  /** The card a customer saved with a SetupIntent. */
  private async savedCard(
    tx: Tx,
    paymentMethod: string,
    customer: string,
  ): Promise<NonNullable<SimulatorState['card']>> {
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

  private async find(
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
    if (!row) throw new IntentNotFoundError(`No such ${object}: '${id}'`);
    return row;
  }

  private async update(
    tx: Tx,
    id: string,
    set: Partial<Pick<IntentRow, 'status' | 'paymentMethod' | 'lastError'>>,
    state?: SimulatorState,
  ): Promise<IntentRow> {
    const [current] = await tx.select().from(simulatorIntents).where(eq(simulatorIntents.id, id));
    const metadata = state
      ? storedMetadata(callerMetadata(current!), { ...simulatorState(current!), ...state })
      : current!.metadata;
    const [row] = await tx
      .update(simulatorIntents)
      .set({ ...set, metadata, updatedAt: this.now() })
      .where(eq(simulatorIntents.id, id))
      .returning();
    return row!;
  }

  /** Webhooks arrive after the API call that caused them answered, as Stripe's do. */
  private deliverInBackground(events: PaymentEvent[]): void {
    if (events.length === 0) return;
    const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.deliver(events));
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  /** A failing handler is logged; the reconciler's sweep catches up, as with a failed Stripe webhook. */
  private async deliver(events: PaymentEvent[]): Promise<void> {
    for (const e of events) {
      try {
        await this.events.dispatch(e);
      } catch (error) {
        this.log.error(
          { err: error, eventType: e.type, objectId: e.data.object.id },
          'payment event handler failed',
        );
      }
    }
  }
}

function event<T extends PaymentEvent['type']>(
  type: T,
  object: Extract<PaymentEvent, { type: T }>['data']['object'],
): PaymentEvent {
  return { id: randomId('evt'), type, data: { object } } as PaymentEvent;
}

function declinedError(d: StoredDecline): CardDeclinedError {
  return new CardDeclinedError(d.message, d.code, d.declineCode, d.paymentIntentId, d.setupIntentId);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function storedMetadata(metadata: Metadata, state: SimulatorState): Record<string, unknown> {
  return Object.keys(state).length > 0 ? { ...metadata, [STATE_KEY]: state } : { ...metadata };
}

function simulatorState(row: IntentRow): SimulatorState {
  return ((row.metadata as Record<string, unknown>)[STATE_KEY] as SimulatorState | undefined) ?? {};
}

function callerMetadata(row: IntentRow): Metadata {
  const { [STATE_KEY]: _state, ...rest } = row.metadata as Record<string, string>;
  return rest;
}

function toPaymentIntent(row: IntentRow): GatewayPaymentIntent {
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

function toSetupIntent(row: IntentRow): GatewaySetupIntent {
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

export function isSimulatorGateway(gateway: PaymentGateway): gateway is SimulatorGateway {
  return gateway instanceof SimulatorGateway;
}
