import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { asCurrency } from '@core/currency';
import { currencyLimits } from '@core/currency-limits';
import { formatCents } from '@core/money';
import type { Db, Tx } from '../../db/client';
import { simulatorIntents } from '../../db/schema';
import { CARD_DECLINES } from './simulator-cards';
import {
  IntentStateError,
  PaymentGatewayError,
  WebhookVerificationError,
  type CreateCustomerInput,
  type CreatePaymentIntentInput,
  type CreateSetupIntentInput,
  type GatewayCustomer,
  type GatewayEvent,
  type GatewayPaymentIntent,
  type GatewayRefund,
  type GatewaySetupIntent,
  type PaymentGateway,
  type PaymentIntentStatus,
  type RefundPaymentIntentInput,
  type SetupIntentStatus,
} from './payment-gateway';
import type { PaymentEvents } from './payment-events';
import type { Pacer } from './provider-pacer';
import type { GatewayTask } from './gateway-hooks';
import { authorizeCard, CANCELABLE, declineCard } from './simulator-card-rules';
import { paymentEvent, SimulatorEventDelivery } from './simulator-event-delivery';
import {
  createOncePerKey,
  declinedError,
  runOncePerKey,
  type NewIntentRow,
  type Outcome,
} from './simulator-idempotency';
import {
  findIntent,
  findSavedCard,
  randomId,
  readIntent,
  storedMetadata,
  simulatorState,
  toPaymentIntent,
  toSetupIntent,
  updateIntent,
  type IntentRow,
} from './simulator-intents';
import { simulatorRoutes } from './simulator-routes';
import { confirmWithCard } from './simulator-confirm';
import { expireHold, expireStaleHolds } from './simulator-hold-expiry';

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

/**
 * Stripe test mode, kept in the database: the default gateway when no STRIPE_SECRET_KEY is set. Its
 * card form posts to `POST /api/payments/simulator/confirm`; it plays Stripe's test cards, honours
 * idempotency keys, and reports the same events Stripe's webhook would, through `PaymentEvents`.
 *
 * This class is the API calls; the rest is split by concern: what a test card does to an intent
 * (`simulator-card-rules.ts`, `simulator-cards.ts`), the rows and Stripe's object shapes
 * (`simulator-intents.ts`), idempotency keys (`simulator-idempotency.ts`), event delivery
 * (`simulator-event-delivery.ts`), the card form's confirmation (`simulator-confirm.ts`) and holds that
 * lapse (`simulator-hold-expiry.ts`). `payment-gateway-contract.test.ts` keeps it alike to StripeGateway.
 */
export class SimulatorGateway implements PaymentGateway {
  readonly provider = 'simulator' as const;
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly delivery: SimulatorEventDelivery;
  private readonly pacer: Pacer | undefined;
  private readonly latencyMs: number;

  constructor(options: SimulatorGatewayOptions) {
    this.db = options.db;
    this.delivery = new SimulatorEventDelivery(options.events, options.log);
    this.now = options.now;
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
    // Stripe's least and most charge in the intent's currency, in its words ("…at least £0.30 gbp").
    const currency = asCurrency(input.currency.toUpperCase());
    const { minCharge, maxCharge } = currencyLimits(currency);
    if (!Number.isSafeInteger(input.amount) || input.amount < minCharge || input.amount > maxCharge) {
      throw new PaymentGatewayError(
        `Amount must be at least ${formatCents(minCharge, currency)} ${input.currency} and at most ${formatCents(maxCharge, currency)}`,
        'amount_too_small',
      );
    }
    const fields = {
      amount: input.amount,
      currency: input.currency,
      captureMethod: input.captureMethod,
      paymentMethod: input.paymentMethod ?? null,
      customer: input.customer ?? null,
    };
    if (!input.confirm) {
      // To be confirmed later: nothing to read, so the key, its answer and the intent are one statement.
      const intent = newIntent('payment_intent', this.now(), {
        ...fields,
        metadata: storedMetadata(input.metadata ?? {}, {}),
      });
      return this.createdOnce(input.idempotencyKey, 'payment_intents.create', input, intent, toPaymentIntent);
    }
    return this.idempotent(input.idempotencyKey, 'payment_intents.create', input, async (tx) => {
      if (!input.paymentMethod || !input.customer) {
        throw new PaymentGatewayError(
          'Charging a saved card needs its customer and payment method',
          'parameter_missing',
        );
      }
      const card = await findSavedCard(tx, input.paymentMethod, input.customer);
      const intent = newIntent('payment_intent', this.now(), {
        ...fields,
        metadata: storedMetadata(input.metadata ?? {}, { card }),
      });
      const [row] = await tx
        .insert(simulatorIntents)
        .values({ ...intent, updatedAt: intent.createdAt })
        .returning();
      // A charge without the diner: a card that fails when charged fails here, as it would at capture.
      return authorizeCard(tx, this.now(), row!, input.paymentMethod, card, true);
    });
  }

  async createSetupIntent(input: CreateSetupIntentInput): Promise<GatewaySetupIntent> {
    await this.remote();
    const intent = newIntent('setup_intent', this.now(), {
      amount: null,
      currency: 'usd',
      captureMethod: null,
      paymentMethod: null,
      customer: input.customer,
      metadata: storedMetadata(input.metadata ?? {}, {}),
    });
    return this.createdOnce(input.idempotencyKey, 'setup_intents.create', input, intent, toSetupIntent);
  }

  async retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent> {
    await this.remote();
    return toPaymentIntent(await readIntent(this.db, id, 'payment_intent'));
  }

  async retrieveSetupIntent(id: string): Promise<GatewaySetupIntent> {
    await this.remote();
    return toSetupIntent(await readIntent(this.db, id, 'setup_intent'));
  }

  async capturePaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent> {
    await this.remote();
    return this.idempotent(idempotencyKey, 'payment_intents.capture', { id }, async (tx) => {
      const row = await findIntent(tx, id, 'payment_intent', true);
      if (row.status !== 'requires_capture') {
        throw new IntentStateError(
          `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        );
      }
      const state = simulatorState(row);
      if (state.card?.behaviour === 'fails_after_attach') {
        return declineCard(tx, this.now(), row, CARD_DECLINES.fails_after_attach);
      }
      const updated = await updateIntent(tx, this.now(), id, { status: 'succeeded' });
      const intent = toPaymentIntent(updated);
      return { value: intent, events: [paymentEvent('payment_intent.succeeded', intent)] };
    });
  }

  async cancelPaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent> {
    await this.remote();
    return this.idempotent(idempotencyKey, 'payment_intents.cancel', { id }, async (tx) => {
      const row = await findIntent(tx, id, 'payment_intent', true);
      if (!CANCELABLE.includes(row.status as PaymentIntentStatus)) {
        throw new IntentStateError(
          `You cannot cancel this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        );
      }
      const intent = toPaymentIntent(await updateIntent(tx, this.now(), id, { status: 'canceled' }));
      return { value: intent, events: [paymentEvent('payment_intent.canceled', intent)] };
    });
  }

  /** A Stripe Refund: only a succeeded intent has money to give back, and never more than it took. */
  async refundPaymentIntent(input: RefundPaymentIntentInput): Promise<GatewayRefund> {
    await this.remote();
    return this.idempotent(input.idempotencyKey, 'refunds.create', input, async (tx) => {
      const row = await findIntent(tx, input.paymentIntentId, 'payment_intent', true);
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
      const refund: GatewayRefund = {
        object: 'refund',
        id: randomId('re'),
        paymentIntent: row.id,
        amount,
        status: 'succeeded',
        metadata: input.metadata ?? {},
      };
      if (simulatorState(row).card?.behaviour === 'refund_fails') {
        // Stripe's 4000 0000 0000 5126: the refund is accepted, then fails; the money stays charged.
        return {
          value: { ...refund, status: 'pending' },
          events: [
            paymentEvent('charge.refund.updated', {
              ...refund,
              status: 'failed',
              failureReason: 'expired_or_canceled_card',
            }),
          ],
        };
      }
      await tx
        .update(simulatorIntents)
        .set({ amountRefunded: row.amountRefunded + amount, updatedAt: this.now() })
        .where(eq(simulatorIntents.id, row.id));
      return { value: refund, events: [] };
    });
  }

  verifyWebhook(): GatewayEvent {
    throw new WebhookVerificationError('Webhooks are not used by the payment simulator');
  }

  /**
   * What the simulator's card form does (Stripe.js's confirmCardPayment / confirmCardSetup): see
   * `simulator-confirm.ts`. Resolves once the resulting events have been handled.
   */
  confirmWithCard(
    clientSecret: string,
    cardNumber: string,
  ): Promise<{ id: string; status: PaymentIntentStatus | SetupIntentStatus }> {
    return confirmWithCard(this.db, this.now, this.delivery, clientSecret, cardNumber);
  }

  /** Lets a hold lapse now, as Stripe does after about 7 days (`simulator-hold-expiry.ts`). */
  expireHold(paymentIntentId: string): Promise<GatewayPaymentIntent> {
    return expireHold(this.db, this.now, this.delivery, paymentIntentId);
  }

  /** The reconciler's task: holds authorized more than 7 days ago (by the app's clock) lapse. */
  expireStaleHolds(): Promise<number> {
    return expireStaleHolds(this.db, this.now, this.delivery);
  }

  /** Waits until every event reported in the background has been handled (tests; shutdown). */
  flushEvents(): Promise<void> {
    return this.delivery.flush();
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

  /**
   * A call that creates an intent and reads nothing, once per key: its answer is known beforehand, the
   * intent as it will read once written.
   */
  private async createdOnce<T>(
    key: string,
    operation: string,
    params: unknown,
    intent: NewIntentRow,
    toAnswer: (row: IntentRow) => T,
  ): Promise<T> {
    const answer = toAnswer({ ...intent, amountRefunded: 0, lastError: null, updatedAt: intent.createdAt });
    const outcome = await createOncePerKey(this.db, this.now, key, operation, params, intent, answer);
    if (outcome.declined) throw declinedError(outcome.declined);
    return outcome.value as T;
  }

  /** Runs a mutating call once per key: a replay answers the first result (or decline) again. */
  private async idempotent<T>(
    key: string,
    operation: string,
    params: unknown,
    run: (tx: Tx) => Promise<Outcome<T>>,
  ): Promise<T> {
    const outcome = await runOncePerKey(this.db, this.now, key, operation, params, run);
    this.delivery.inBackground(outcome.events);
    if (outcome.declined) throw declinedError(outcome.declined);
    return outcome.value as T;
  }
}

/** A new intent, waiting for a payment method: its id and client secret made here. */
function newIntent(
  object: NewIntentRow['object'],
  createdAt: Date,
  fields: Omit<NewIntentRow, 'id' | 'object' | 'clientSecret' | 'status' | 'createdAt'>,
): NewIntentRow {
  const id = randomId(object === 'payment_intent' ? 'pi' : 'seti');
  return {
    id,
    object,
    clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    status: 'requires_payment_method',
    createdAt,
    ...fields,
  };
}

export function isSimulatorGateway(gateway: PaymentGateway): gateway is SimulatorGateway {
  return gateway instanceof SimulatorGateway;
}
