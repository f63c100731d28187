import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { RequestSpacer } from '../request-spacer';
import type { Pacer } from './provider-pacer';
import { createStripeClient, idOf, toProviderError, verifiedStripeEvent } from './stripe-client';
import {
  CardDeclinedError,
  IdempotencyKeyReuseError,
  IntentNotFoundError,
  IntentStateError,
  isPaymentEventType,
  type CaptureMethod,
  type CreateCustomerInput,
  type CreatePaymentIntentInput,
  type CreateSetupIntentInput,
  type GatewayCharge,
  type GatewayCustomer,
  type GatewayEvent,
  type GatewayPaymentIntent,
  type GatewayRefund,
  type GatewaySetupIntent,
  type PaymentGateway,
  type RefundPaymentIntentInput,
} from './payment-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret?: string | undefined;
  /** Where the SDK sends its requests instead of api.stripe.com (tests: the local fake Stripe). */
  apiUrl?: string | undefined;
  /** Default: 20 with a test key, 80 live (Stripe allows 25 and 100; some room for other callers). */
  requestsPerSecond?: number | undefined;
  /** Pacing shared by every instance (the app's DatabasePacer); replaces the per-process spacer. */
  pacer?: Pacer | undefined;
  /** Retries of a 429 or a network failure, with the same idempotency key. Default 5. */
  maxRetries?: number;
  /** First backoff delay, doubled each retry. Default 500 ms. */
  retryBaseDelayMs?: number;
  timeoutMs?: number;
  /** The app's clock: a webhook signature's age is measured by it. Default: the real clock. */
  now?: () => Date;
}

/** The real Stripe API through the official SDK (made by stripe-client.ts). */
export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly spacer: Pacer;
  private readonly maxRetries: number;
  private readonly retryBaseDelayMs: number;
  private readonly webhookSecret: string | undefined;
  private readonly now: () => Date;

  constructor(options: StripeGatewayOptions) {
    this.stripe = createStripeClient(options.secretKey, {
      apiUrl: options.apiUrl,
      // Retries happen here instead, throttled and with the caller's idempotency key. (The SDK still
      // retries a closed connection once by itself, with the same key.)
      maxNetworkRetries: 0,
      timeoutMs: options.timeoutMs ?? 30_000,
    });
    const isTestKey = options.secretKey.startsWith('sk_test_') || options.secretKey.startsWith('rk_test_');
    this.spacer =
      options.pacer ?? RequestSpacer.perSecond(options.requestsPerSecond ?? (isTestKey ? 20 : 80));
    this.maxRetries = options.maxRetries ?? 5;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
    this.webhookSecret = options.webhookSecret;
    this.now = options.now ?? (() => new Date());
  }

  async createCustomer(input: CreateCustomerInput): Promise<GatewayCustomer> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: customer.id, email: customer.email ?? null, name: customer.name ?? null };
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<GatewayPaymentIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          capture_method: input.captureMethod,
          // Cards (Apple Pay and Google Pay are cards too) are what a manual capture supports.
          allowed_payment_method_types: ['card'],
          customer: input.customer,
          payment_method: input.paymentMethod,
          off_session: input.offSession,
          confirm: input.confirm,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toPaymentIntent(intent);
  }

  async createSetupIntent(input: CreateSetupIntentInput): Promise<GatewaySetupIntent> {
    const intent = await this.call(() =>
      this.stripe.setupIntents.create(
        {
          customer: input.customer,
          usage: input.usage ?? 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toSetupIntent(intent);
  }

  async retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent> {
    return toPaymentIntent(await this.call(() => this.stripe.paymentIntents.retrieve(id)));
  }

  async retrieveSetupIntent(id: string): Promise<GatewaySetupIntent> {
    return toSetupIntent(await this.call(() => this.stripe.setupIntents.retrieve(id)));
  }

  async capturePaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent> {
    return toPaymentIntent(
      await this.call(() => this.stripe.paymentIntents.capture(id, {}, { idempotencyKey })),
    );
  }

  async cancelPaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent> {
    return toPaymentIntent(
      await this.call(() => this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey })),
    );
  }

  async refundPaymentIntent(input: RefundPaymentIntentInput): Promise<GatewayRefund> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amount, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toRefund(refund, input.paymentIntentId);
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): GatewayEvent {
    const event = verifiedStripeEvent(
      this.stripe,
      rawBody,
      signatureHeader,
      this.webhookSecret,
      'Webhook signing secret is not configured',
      this.now(),
    );
    return toGatewayEvent(event.id, event.type, event.data.object);
  }

  /** Throttled, and retried on 429 and network failures with the same arguments (so the same key). */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await this.spacer.wait();
      try {
        return await request();
      } catch (error) {
        if (attempt < this.maxRetries && isRetryable(error)) {
          const delay = Math.min(this.retryBaseDelayMs * 2 ** attempt, 30_000);
          await sleep(delay / 2 + Math.random() * (delay / 2));
          continue;
        }
        throw normalizeError(error);
      }
    }
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeRateLimitError) return true;
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  if (error instanceof Stripe.errors.StripeError) {
    // A concurrent request with the same idempotency key is still running; Stripe says to retry.
    if (error.statusCode === 409 && error.code !== 'idempotency_error') return true;
    if (error.headers?.['stripe-should-retry'] === 'true') return true;
    if ((error.statusCode ?? 0) >= 500) return true;
  }
  return false;
}

function normalizeError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new CardDeclinedError(
      error.message,
      error.code ?? 'card_declined',
      error.decline_code,
      error.payment_intent?.id,
      error.setup_intent?.id,
    );
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new IdempotencyKeyReuseError(error.message);
  if (error.code === 'payment_intent_unexpected_state' || error.code === 'setup_intent_unexpected_state') {
    return new IntentStateError(error.message);
  }
  if (error.code === 'resource_missing') return new IntentNotFoundError(error.message);
  return toProviderError(error);
}

function toPaymentIntent(pi: Stripe.PaymentIntent): GatewayPaymentIntent {
  return {
    object: 'payment_intent',
    id: pi.id,
    status: pi.status as GatewayPaymentIntent['status'],
    amount: pi.amount,
    amountCapturable: pi.amount_capturable ?? 0,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    captureMethod: (pi.capture_method === 'manual' ? 'manual' : 'automatic') as CaptureMethod,
    clientSecret: pi.client_secret ?? null,
    paymentMethod: idOf(pi.payment_method),
    customer: idOf(pi.customer as string | { id: string } | null),
    metadata: { ...(pi.metadata ?? {}) },
    lastPaymentError: pi.last_payment_error?.message ?? null,
    cancellationReason: pi.cancellation_reason ?? null,
  };
}

function toSetupIntent(si: Stripe.SetupIntent): GatewaySetupIntent {
  return {
    object: 'setup_intent',
    id: si.id,
    status: si.status as GatewaySetupIntent['status'],
    clientSecret: si.client_secret ?? null,
    paymentMethod: idOf(si.payment_method),
    customer: idOf(si.customer as string | { id: string } | null),
    metadata: { ...(si.metadata ?? {}) },
    lastSetupError: si.last_setup_error?.message ?? null,
  };
}

function toCharge(charge: Stripe.Charge): GatewayCharge {
  return {
    object: 'charge',
    id: charge.id,
    paymentIntent: idOf(charge.payment_intent),
    amount: charge.amount,
    status: charge.status,
  };
}

function toRefund(refund: Stripe.Refund, paymentIntentId = ''): GatewayRefund {
  return {
    object: 'refund',
    id: refund.id,
    paymentIntent: idOf(refund.payment_intent as string | { id: string } | null) ?? paymentIntentId,
    amount: refund.amount,
    status: (refund.status ?? 'pending') as GatewayRefund['status'],
    metadata: refund.metadata ?? {},
    failureReason: refund.failure_reason ?? null,
  };
}

function toGatewayEvent(id: string, type: string, object: unknown): GatewayEvent {
  if (!isPaymentEventType(type)) return { id, type, data: { object } };
  switch (type) {
    case 'setup_intent.succeeded':
    case 'setup_intent.setup_failed':
      return { id, type, data: { object: toSetupIntent(object as Stripe.SetupIntent) } };
    case 'charge.expired':
      return { id, type, data: { object: toCharge(object as Stripe.Charge) } };
    case 'charge.refund.updated':
      return { id, type, data: { object: toRefund(object as Stripe.Refund) } };
    default:
      return { id, type, data: { object: toPaymentIntent(object as Stripe.PaymentIntent) } };
  }
}
