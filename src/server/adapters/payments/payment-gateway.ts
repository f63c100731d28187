/**
 * The payment provider as the rest of the server sees it. Two implementations:
 * `stripe-gateway.ts` (the real Stripe API) and `simulator-gateway.ts` (Stripe test mode, in the
 * database). Amounts are integer cents, currency is always usd.
 *
 * Never call a gateway inside a database transaction: it is a remote call (Stripe), and on PGlite the
 * simulator's own queries would wait for that transaction forever.
 */

import type { GatewayHooks } from './gateway-hooks';

export type CaptureMethod = 'manual' | 'automatic';

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'canceled'
  | 'succeeded';

export type Metadata = Record<string, string>;

export interface GatewayCustomer {
  id: string;
  email: string | null;
  name: string | null;
}

export interface GatewayPaymentIntent {
  object: 'payment_intent';
  id: string;
  status: PaymentIntentStatus;
  /** Cents. */
  amount: number;
  /** Cents that a capture would take now (the hold), 0 unless `requires_capture`. */
  amountCapturable: number;
  /** Cents actually charged. */
  amountReceived: number;
  currency: string;
  captureMethod: CaptureMethod;
  /** Given to the browser to confirm the intent; never log it. */
  clientSecret: string | null;
  paymentMethod: string | null;
  customer: string | null;
  metadata: Metadata;
  /** The card's message from the last failed attempt, e.g. "Your card was declined." */
  lastPaymentError: string | null;
  /** `automatic` when the provider let an uncaptured hold lapse. */
  cancellationReason: string | null;
}

export interface GatewaySetupIntent {
  object: 'setup_intent';
  id: string;
  status: SetupIntentStatus;
  clientSecret: string | null;
  /** The saved card, once the intent succeeded: charge it off-session later. */
  paymentMethod: string | null;
  customer: string | null;
  metadata: Metadata;
  lastSetupError: string | null;
}

export interface GatewayCharge {
  object: 'charge';
  id: string;
  paymentIntent: string | null;
  amount: number;
  status: string;
}

export interface GatewayRefund {
  object: 'refund';
  id: string;
  paymentIntent: string;
  /** Cents given back. */
  amount: number;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  /** What the refund was created with, e.g. `correctionId` for a truck's correction. */
  metadata?: Metadata;
  /** Why a failed refund failed (Stripe's `failure_reason`, e.g. `expired_or_canceled_card`). */
  failureReason?: string | null;
}

export interface RefundPaymentIntentInput {
  paymentIntentId: string;
  /** Cents; the whole charge when omitted. */
  amount?: number;
  metadata?: Metadata;
  /** `refund:<orderId>`: a replay never refunds twice. */
  idempotencyKey: string;
}

export interface CreateCustomerInput {
  email?: string;
  name?: string;
  metadata?: Metadata;
  idempotencyKey: string;
}

export interface CreatePaymentIntentInput {
  /** The currency's minor units (cents; yen for jpy), at least Stripe's minimum for it. */
  amount: number;
  /** The order's currency in lower case, as Stripe wants it ("usd", "eur", "jpy"): `providerCurrency`. */
  currency: string;
  /** `manual`: authorize only (before the goal); `automatic`: charge at once. */
  captureMethod: CaptureMethod;
  customer?: string;
  /** A saved card (from a SetupIntent) to charge. */
  paymentMethod?: string;
  /** Charge the saved card now, without the diner (with `confirm: true`). */
  offSession?: boolean;
  confirm?: boolean;
  description?: string;
  metadata?: Metadata;
  idempotencyKey: string;
}

export interface CreateSetupIntentInput {
  customer: string;
  usage?: 'off_session';
  metadata?: Metadata;
  idempotencyKey: string;
}

export interface PaymentGateway extends GatewayHooks {
  readonly provider: 'simulator' | 'stripe';
  createCustomer(input: CreateCustomerInput): Promise<GatewayCustomer>;
  /**
   * With `confirm` and `offSession` this charges a saved card at once; a decline then throws
   * `CardDeclinedError` whose `paymentIntentId` names the failed intent.
   */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<GatewayPaymentIntent>;
  createSetupIntent(input: CreateSetupIntentInput): Promise<GatewaySetupIntent>;
  retrievePaymentIntent(id: string): Promise<GatewayPaymentIntent>;
  retrieveSetupIntent(id: string): Promise<GatewaySetupIntent>;
  /** Takes the held amount. The same key replays the first result (and never captures twice). */
  capturePaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent>;
  /** Releases a hold (or abandons an unconfirmed intent). */
  cancelPaymentIntent(id: string, idempotencyKey: string): Promise<GatewayPaymentIntent>;
  /** Gives a charge back (a Stripe Refund). The same key replays the first refund. */
  refundPaymentIntent(input: RefundPaymentIntentInput): Promise<GatewayRefund>;
  /** Checks a webhook's signature on the raw body; throws `WebhookVerificationError` when it fails. */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): GatewayEvent;
}

/** Every event type the provider sends that this app acts on, with the object each one carries. */
export interface PaymentEventObjects {
  'payment_intent.amount_capturable_updated': GatewayPaymentIntent;
  'payment_intent.succeeded': GatewayPaymentIntent;
  'payment_intent.payment_failed': GatewayPaymentIntent;
  'payment_intent.canceled': GatewayPaymentIntent;
  'setup_intent.succeeded': GatewaySetupIntent;
  'setup_intent.setup_failed': GatewaySetupIntent;
  'charge.expired': GatewayCharge;
  /** A refund changed after it was made: `failed` means the money stayed with us and is owed again. */
  'charge.refund.updated': GatewayRefund;
}

export type PaymentEventType = keyof PaymentEventObjects;

export const PAYMENT_EVENT_TYPES: readonly PaymentEventType[] = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'setup_intent.succeeded',
  'setup_intent.setup_failed',
  'charge.expired',
  'charge.refund.updated',
];

export type PaymentEvent<T extends PaymentEventType = PaymentEventType> = {
  [K in T]: { id: string; type: K; data: { object: PaymentEventObjects[K] } };
}[T];

/** An event of a type this app does not act on: acknowledged and recorded, nothing else. */
export interface OtherGatewayEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

export type GatewayEvent = PaymentEvent | OtherGatewayEvent;

export function isPaymentEventType(type: string): type is PaymentEventType {
  return (PAYMENT_EVENT_TYPES as readonly string[]).includes(type);
}

export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    /** The provider's error code, e.g. `card_declined`, `payment_intent_unexpected_state`. */
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/** The card was refused. `message` is the card's own text, fit to show the diner. */
export class CardDeclinedError extends PaymentGatewayError {
  constructor(
    message: string,
    code: string,
    /** The issuer's reason, e.g. `generic_decline`, `insufficient_funds`. */
    readonly declineCode: string | undefined,
    /** The intent the attempt belonged to (also set when an off-session charge created it). */
    readonly paymentIntentId?: string,
    readonly setupIntentId?: string,
  ) {
    super(message, code);
    this.name = 'CardDeclinedError';
  }
}

/** The intent is in a state that does not allow this (capturing a canceled intent, cancelling a charged one). */
export class IntentStateError extends PaymentGatewayError {
  constructor(message: string) {
    super(message, 'payment_intent_unexpected_state');
    this.name = 'IntentStateError';
  }
}

/** An idempotency key was reused with different parameters: a bug in the caller, never retried. */
export class IdempotencyKeyReuseError extends PaymentGatewayError {
  constructor(message: string) {
    super(message, 'idempotency_error');
    this.name = 'IdempotencyKeyReuseError';
  }
}

export class IntentNotFoundError extends PaymentGatewayError {
  constructor(message: string) {
    super(message, 'resource_missing');
    this.name = 'IntentNotFoundError';
  }
}

/**
 * The provider refused or failed a call for a reason that is ours or its own, not the diner's card (a
 * wrong API key, a bad request, an outage). Its message is the provider's and may name a key
 * ("Invalid API Key provided: sk_live_…"): it goes to the log with `requestId`, never to a caller, who
 * is told that payments are unavailable.
 */
export class PaymentProviderError extends PaymentGatewayError {
  constructor(
    message: string,
    code: string | undefined,
    /** The provider's kind of error, e.g. `authentication_error`, `api_error`. */
    readonly type: string | undefined,
    /** The provider's HTTP status, when it answered. */
    readonly providerStatus: number | undefined,
    /** The provider's id of the failed request (Stripe's `Request-Id`), to find it in their dashboard. */
    readonly requestId: string | undefined,
  ) {
    super(message, code);
    this.name = 'PaymentProviderError';
  }
}

/** A webhook whose signature is missing, forged, stale, or that can't be checked. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/**
 * The provider's code when it refused a refund request outright (a 4xx about the charge: disputed,
 * already refunded, the platform's balance short), or `null` for what is not a refusal and must be
 * asked again under the same key: an outage, a timeout, a rate limit, our own key or credentials.
 */
export function refundRefusalOf(error: unknown): string | null {
  if (!(error instanceof PaymentGatewayError)) return null;
  if (error instanceof IdempotencyKeyReuseError) return null;
  if (error instanceof PaymentProviderError) {
    const status = error.providerStatus;
    if (status === undefined || status >= 500 || [401, 403, 409, 429].includes(status)) return null;
    return error.code ?? 'unknown';
  }
  return error.code ?? 'unknown';
}
