import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { asCurrency } from '../../src/core/currency';
import { currencyLimits } from '../../src/core/currency-limits';
import { formatCents } from '../../src/core/money';

/**
 * A local stand-in for api.stripe.com that speaks its wire protocol, so the real `stripe` SDK can be
 * pointed at it: form-encoded bodies with bracket notation, Bearer auth, Idempotency-Key replay,
 * Stripe-shaped JSON errors. It models customers, PaymentIntents (manual and automatic capture),
 * SetupIntents and saved cards with Stripe's test payment methods, records every request, can inject
 * 429s and dropped connections, and signs webhook events as Stripe does.
 */

type Behaviour = 'ok' | 'declined' | 'insufficient_funds' | 'fails_after_attach';

/** Stripe's test payment methods (https://docs.stripe.com/testing#cards). */
export const TEST_PAYMENT_METHODS: Record<string, Behaviour> = {
  pm_card_visa: 'ok',
  pm_card_mastercard: 'ok',
  pm_card_chargeDeclined: 'declined',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  /** 4000 0000 0000 0341: saving and authorizing succeed, charging it fails. */
  pm_card_chargeCustomerFail: 'fails_after_attach',
};

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  status: number;
  /** Answered from the idempotency store, nothing executed. */
  replayed: boolean;
  /**
   * Refused by an injected failure (`failNext`, `failEvery`); `lost_answer` executed the request, then
   * the answer never arrived (a timeout mid-capture, as the caller sees it).
   */
  injected?: InjectedFailure;
  at: number;
}

export type InjectedFailure = 'rate_limit' | 'network' | 'server_error' | 'lost_answer';

export interface FakeEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
  created: number;
  delivered: boolean;
}

type Json = Record<string, unknown>;

export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const DECLINES: Record<Exclude<Behaviour, 'ok'>, { decline_code: string; message: string }> = {
  declined: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  fails_after_attach: { decline_code: 'generic_decline', message: 'Your card was declined.' },
};

const newId = (prefix: string) =>
  `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

/** Parses `a[b][0]=x&c=y` into nested objects and arrays, as Stripe reads the SDK's requests. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      if (last) {
        (node as Record<string | number, unknown>)[key] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      const container = node as Record<string | number, unknown>;
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Json | unknown[];
    });
  }
  return root;
}

export class FakeStripe {
  readonly secretKey = `sk_test_fake_${randomBytes(8).toString('hex')}`;
  readonly publishableKey = 'pk_test_fake';
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly requests: RecordedRequest[] = [];
  readonly events: FakeEvent[] = [];
  url = '';

  private readonly customers = new Map<string, Json>();
  private readonly paymentIntents = new Map<string, Json>();
  private readonly setupIntents = new Map<string, Json>();
  /** Every payment method created from a test token, with how its card behaves and its customer. */
  private readonly paymentMethods = new Map<string, { behaviour: Behaviour; customer: string | null }>();
  private readonly idempotency = new Map<
    string,
    { method: string; path: string; params: string; status: number; body: Json }
  >();
  private readonly captures = new Map<string, number>();
  private readonly refunds = new Map<string, Json>();
  private readonly injected: InjectedFailure[] = [];
  private pattern: { every: number; kinds: InjectedFailure[]; seen: number } | undefined;
  private server: Server | undefined;

  /**
   * The fake's clock, as Stripe's test clocks are: every `created`, `canceled_at` and signature timestamp
   * reads it. A test that moves the app's clock gives the fake the same one (`start({ now })` or
   * `fake.now = clock.now`), so the two never disagree about what time it is.
   */
  now: () => Date = () => new Date();

  /** Stripe's timestamps: whole seconds since the epoch, by the fake's clock. */
  seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  static async start(options: { now?: () => Date } = {}): Promise<FakeStripe> {
    const fake = new FakeStripe();
    if (options.now) fake.now = options.now;
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next `n` requests fail: 429 rate limit (default), a dropped connection, or a 500. */
  failNext(n: number, kind: InjectedFailure = 'rate_limit'): void {
    for (let i = 0; i < n; i++) this.injected.push(kind);
  }

  /**
   * From now on every `every`-th request fails, taking the kinds in turn (a share of the calls, the
   * same share on every run); `failEvery(0)` stops it.
   */
  failEvery(every: number, kinds: InjectedFailure[] = ['server_error']): void {
    this.pattern = every > 0 ? { every, kinds, seen: 0 } : undefined;
  }

  /** Captures Stripe actually executed for this intent (idempotent replays not counted). */
  /** Cents refunded on a PaymentIntent's charge so far. */
  refundedOf(paymentIntentId: string): number {
    return [...this.refunds.values()]
      .filter((r) => r.payment_intent === paymentIntentId)
      .reduce((sum, r) => sum + Number(r.amount), 0);
  }

  /** How many refunds were created for a PaymentIntent (a replay creates none). */
  refundCountOf(paymentIntentId: string): number {
    return [...this.refunds.values()].filter((r) => r.payment_intent === paymentIntentId).length;
  }

  capturesOf(paymentIntentId: string): number {
    return this.captures.get(paymentIntentId) ?? 0;
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  paymentIntent(id: string): Json | undefined {
    return this.paymentIntents.get(id);
  }

  /** What Stripe.js does in the diner's browser: confirm the intent with a card. */
  confirmPaymentIntent(id: string, paymentMethod: string): Json {
    return this.confirmPi(this.requirePi(id), paymentMethod);
  }

  confirmSetupIntent(id: string, paymentMethod: string): Json {
    return this.confirmSi(this.requireSi(id), paymentMethod);
  }

  /** The hold lapsed (about 7 days): Stripe cancels the intent and reports charge.expired. */
  expireAuthorization(id: string): Json {
    const pi = this.requirePi(id);
    if (pi.status !== 'requires_capture')
      throw new Error(`${id} holds nothing (status ${String(pi.status)})`);
    Object.assign(pi, {
      status: 'canceled',
      cancellation_reason: 'automatic',
      amount_capturable: 0,
      canceled_at: this.seconds(),
    });
    this.emit('charge.expired', {
      id: pi.latest_charge,
      object: 'charge',
      amount: pi.amount,
      captured: false,
      payment_intent: pi.id,
      status: 'failed',
    });
    this.emit('payment_intent.canceled', pi);
    return pi;
  }

  /** The `Stripe-Signature` header Stripe would send for this payload. */
  sign(payload: string, secret = this.webhookSecret, timestamp = this.seconds()): string {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  /** An event payload exactly as Stripe posts it. */
  eventPayload(type: string, object: Json, id = newId('evt')): string {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.seconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  /**
   * Posts a signed event to the app (through inject) or to a URL. `signature` overrides the header
   * (to forge one); `secret` signs with another secret.
   */
  async sendWebhook(
    target: { app: FastifyInstance } | { url: string },
    payload: string,
    options: { secret?: string; signature?: string | null; timestamp?: number } = {},
  ): Promise<{ status: number; body: string }> {
    const signature =
      options.signature === undefined
        ? this.sign(payload, options.secret, options.timestamp)
        : options.signature;
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (signature !== null) headers['stripe-signature'] = signature;
    if ('app' in target) {
      const res = await target.app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload });
      return { status: res.statusCode, body: res.body };
    }
    const res = await fetch(target.url, { method: 'POST', headers, body: payload });
    return { status: res.status, body: await res.text() };
  }

  /**
   * Delivers, in order, every recorded event not yet delivered; optionally only some types, or only
   * those about one object (its id, or the PaymentIntent of a charge).
   */
  async deliverEvents(
    target: { app: FastifyInstance } | { url: string },
    filter: { types?: string[]; about?: string } = {},
  ): Promise<Array<{ event: FakeEvent; status: number }>> {
    const results: Array<{ event: FakeEvent; status: number }> = [];
    for (const event of this.events) {
      if (event.delivered || (filter.types && !filter.types.includes(event.type))) continue;
      if (filter.about && event.object.id !== filter.about && event.object.payment_intent !== filter.about)
        continue;
      const { status } = await this.sendWebhook(
        target,
        this.eventPayload(event.type, event.object, event.id),
      );
      event.delivered = status >= 200 && status < 300;
      results.push({ event, status });
    }
    return results;
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? parseStripeForm(url.searchParams.toString()) : parseStripeForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      params,
      idempotencyKey,
      status: 0,
      replayed: false,
      at: Date.now(),
    };
    this.requests.push(record);

    const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
      res.end(JSON.stringify(body));
    };

    let injected = this.injected.shift();
    if (!injected && this.pattern && ++this.pattern.seen % this.pattern.every === 0) {
      const { kinds, seen, every } = this.pattern;
      injected = kinds[(seen / every - 1) % kinds.length];
    }
    const loseAnswer = injected === 'lost_answer';
    if (loseAnswer) record.injected = injected;
    if (injected && !loseAnswer) {
      record.injected = injected;
      if (injected === 'network') {
        record.status = -1;
        req.socket.destroy();
        return;
      }
      if (injected === 'rate_limit') {
        return send(429, {
          error: {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message:
              'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
          },
        });
      }
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }

    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${this.secretKey}`) {
      return send(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 8)}****`,
        },
      });
    }

    if (method === 'POST' && idempotencyKey) {
      const stored = this.idempotency.get(idempotencyKey);
      if (stored) {
        if (
          stored.method !== method ||
          stored.path !== url.pathname ||
          stored.params !== JSON.stringify(params)
        ) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        record.replayed = true;
        return send(stored.status, stored.body, {
          'idempotent-replayed': 'true',
          'original-request': 'req_original',
        });
      }
    }

    let status = 200;
    let body: Json;
    try {
      body = this.route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    // Stripe saves the result of a request that executed (success or card decline), not of a refusal.
    if (method === 'POST' && idempotencyKey && (status === 200 || status === 402)) {
      this.idempotency.set(idempotencyKey, {
        method,
        path: url.pathname,
        params: JSON.stringify(params),
        status,
        body,
      });
    }
    if (loseAnswer) {
      // Done, and stored for a replay of its key, but the caller hears nothing: a dropped connection.
      record.status = -1;
      req.socket.destroy();
      return;
    }
    send(status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  private route(method: string, path: string, p: Json): Json {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(p);
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/)))
      return this.require(this.customers, m[1]!, 'customer');
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPi(p);
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)))
      return this.requirePi(m[1]!);
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) {
      return this.confirmPi(this.requirePi(m[1]!), str(p.payment_method));
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/)))
      return this.capturePi(this.requirePi(m[1]!));
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      return this.cancelPi(this.requirePi(m[1]!), str(p.cancellation_reason));
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(p);
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSi(p);
    if (method === 'GET' && (m = path.match(/^\/v1\/setup_intents\/([^/]+)$/))) return this.requireSi(m[1]!);
    if (method === 'POST' && (m = path.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/))) {
      return this.confirmSi(this.requireSi(m[1]!), str(p.payment_method));
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  // ---- the model ----

  private createCustomer(p: Json): Json {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      created: this.seconds(),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      metadata: (p.metadata as Json) ?? {},
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createPi(p: Json): Json {
    const amount = Number(p.amount);
    // Stripe's least charge in the intent's currency (src/core/currency-limits.ts), in its words.
    const currency = asCurrency(String(p.currency ?? 'usd').toUpperCase());
    const least = currencyLimits(currency).minCharge;
    if (!Number.isInteger(amount) || amount < least) {
      const words = `${formatCents(least, currency)} ${currency.toLowerCase()}`;
      throw invalid('amount_too_small', `Amount must be at least ${words}`, 'amount');
    }
    if (!p.currency) throw invalid('parameter_missing', 'Missing required param: currency.', 'currency');
    if (!/^[a-z]{3}$/.test(String(p.currency)))
      throw invalid('invalid_request_error', `Invalid currency: ${String(p.currency)}.`, 'currency');
    const customer = str(p.customer) ?? null;
    if (customer && !this.customers.has(customer))
      throw invalid('resource_missing', `No such customer: '${customer}'`, 'customer');
    const id = newId('pi');
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: p.allowed_payment_method_types ?? null,
      payment_method_types: ['card'],
      cancellation_reason: null,
      canceled_at: null,
      capture_method: str(p.capture_method) ?? 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: this.seconds(),
      currency: str(p.currency),
      customer,
      description: str(p.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (p.metadata as Json) ?? {},
      payment_method: str(p.payment_method) ?? null,
      status: 'requires_payment_method',
    };
    this.paymentIntents.set(id, pi);
    if (p.confirm === 'true') {
      if (p.off_session === 'true' && !customer) {
        throw invalid(
          'parameter_missing',
          'A customer is required to charge a saved payment method off-session.',
          'customer',
        );
      }
      return this.confirmPi(pi, str(p.payment_method), p.off_session === 'true');
    }
    return pi;
  }

  private confirmPi(pi: Json, paymentMethod: string | undefined, offSession = false): Json {
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
        pi,
      );
    }
    const pmId = paymentMethod ?? str(pi.payment_method);
    if (!pmId) {
      throw invalid(
        'payment_intent_unexpected_state',
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
      );
    }
    const pm = this.resolvePaymentMethod(pmId, str(pi.customer) ?? null);
    pi.payment_method = pm.id;
    const failsNow =
      pm.behaviour === 'declined' ||
      pm.behaviour === 'insufficient_funds' ||
      // A saved card that fails to be charged fails at once when the charge is not just a hold.
      (pm.behaviour === 'fails_after_attach' && (offSession || pi.capture_method !== 'manual'));
    if (failsNow) this.decline(pi, pm.behaviour as Exclude<Behaviour, 'ok'>);
    pi.latest_charge = newId('ch');
    pi.last_payment_error = null;
    if (pi.capture_method === 'manual') {
      Object.assign(pi, { status: 'requires_capture', amount_capturable: pi.amount });
      this.emit('payment_intent.amount_capturable_updated', pi);
    } else {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      this.emit('payment_intent.succeeded', pi);
    }
    return pi;
  }

  private capturePi(pi: Json): Json {
    if (pi.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        pi,
      );
    }
    const pm = this.paymentMethods.get(String(pi.payment_method));
    if (pm?.behaviour === 'fails_after_attach') {
      pi.amount_capturable = 0;
      this.decline(pi, 'fails_after_attach');
    }
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount_capturable, amount_capturable: 0 });
    this.captures.set(String(pi.id), this.capturesOf(String(pi.id)) + 1);
    this.emit('payment_intent.succeeded', pi);
    return pi;
  }

  private cancelPi(pi: Json, reason: string | undefined): Json {
    const cancelable = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancelable.includes(String(pi.status))) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
        pi,
      );
    }
    Object.assign(pi, {
      status: 'canceled',
      cancellation_reason: reason ?? null,
      amount_capturable: 0,
      canceled_at: this.seconds(),
    });
    this.emit('payment_intent.canceled', pi);
    return pi;
  }

  /**
   * Refunds refused from now on (`undefined` again stops it): `at_once` answers the request with a 400
   * of this code (as a refund of a disputed charge is, `charge_disputed`); `later` answers `succeeded`,
   * then reports it failed with this `failure_reason` (`charge.refund.updated`), as Stripe's card
   * 4000 0000 0000 5126 does. A refused refund gives nothing back (`refundedOf` leaves it out).
   */
  refuseRefunds: { when: 'at_once' | 'later'; reason: string } | undefined;

  /** A refund of a PaymentIntent's charge: whole by default, never more than what is left. */
  private createRefund(p: Json): Json {
    const piId = str(p.payment_intent);
    if (!piId)
      throw invalid('parameter_missing', 'Must provide either `payment_intent` or `charge`.', 'charge');
    const pi = this.requirePi(piId);
    if (pi.status !== 'succeeded') {
      throw invalid(
        'charge_not_refundable',
        `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const left = Number(pi.amount_received) - this.refundedOf(piId);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalid(
        'amount_too_large',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
      );
    }
    const refusal = this.refuseRefunds;
    if (refusal?.when === 'at_once')
      throw invalid(
        refusal.reason,
        `The refund of ${piId} was refused (${refusal.reason}).`,
        'payment_intent',
      );
    const refund: Json = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: pi.latest_charge,
      created: this.seconds(),
      currency: pi.currency,
      metadata: (p.metadata as Json) ?? {},
      payment_intent: piId,
      reason: null,
      status: 'succeeded',
    };
    if (refusal?.when === 'later') {
      this.emit('charge.refund.updated', { ...refund, status: 'failed', failure_reason: refusal.reason });
      return refund;
    }
    this.refunds.set(String(refund.id), refund);
    this.emit('charge.refunded', {
      id: pi.latest_charge,
      object: 'charge',
      amount_refunded: this.refundedOf(piId),
    });
    return refund;
  }

  private createSi(p: Json): Json {
    const customer = str(p.customer) ?? null;
    if (customer && !this.customers.has(customer))
      throw invalid('resource_missing', `No such customer: '${customer}'`, 'customer');
    const id = newId('seti');
    const si: Json = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: this.seconds(),
      customer,
      last_setup_error: null,
      livemode: false,
      metadata: (p.metadata as Json) ?? {},
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage: str(p.usage) ?? 'off_session',
    };
    this.setupIntents.set(id, si);
    return si;
  }

  private confirmSi(si: Json, paymentMethod: string | undefined): Json {
    if (si.status !== 'requires_payment_method' && si.status !== 'requires_confirmation') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it has a status of ${String(si.status)}.`,
        setup_intent: si,
      });
    }
    if (!paymentMethod)
      throw invalid('parameter_missing', 'Missing required param: payment_method.', 'payment_method');
    const pm = this.resolvePaymentMethod(paymentMethod, null);
    if (pm.behaviour === 'declined') {
      const decline = DECLINES.declined;
      si.last_setup_error = { type: 'card_error', code: 'card_declined', ...decline };
      this.emit('setup_intent.setup_failed', si);
      throw new StripeHttpError(402, {
        type: 'card_error',
        code: 'card_declined',
        ...decline,
        setup_intent: si,
      });
    }
    // A saved card is attached to the intent's customer, ready to charge off-session.
    this.paymentMethods.set(pm.id, { behaviour: pm.behaviour, customer: str(si.customer) ?? null });
    Object.assign(si, { status: 'succeeded', payment_method: pm.id, last_setup_error: null });
    this.emit('setup_intent.succeeded', si);
    return si;
  }

  /** A test token (`pm_card_visa`) becomes a new payment method; a saved one must belong to the customer. */
  private resolvePaymentMethod(id: string, customer: string | null): { id: string; behaviour: Behaviour } {
    const token = TEST_PAYMENT_METHODS[id];
    if (token) {
      const pmId = newId('pm');
      this.paymentMethods.set(pmId, { behaviour: token, customer: null });
      return { id: pmId, behaviour: token };
    }
    const saved = this.paymentMethods.get(id);
    if (!saved) throw invalid('resource_missing', `No such PaymentMethod: '${id}'`, 'payment_method');
    if (saved.customer && saved.customer !== customer) {
      throw invalid(
        'payment_method_unexpected_state',
        `The provided PaymentMethod belongs to another customer.`,
        'payment_method',
      );
    }
    return { id, behaviour: saved.behaviour };
  }

  private decline(pi: Json, behaviour: Exclude<Behaviour, 'ok'>): never {
    const decline = DECLINES[behaviour];
    const charge = newId('ch');
    Object.assign(pi, {
      status: 'requires_payment_method',
      latest_charge: charge,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        charge,
        payment_method: { id: pi.payment_method },
        ...decline,
      },
    });
    this.emit('payment_intent.payment_failed', pi);
    throw new StripeHttpError(402, {
      type: 'card_error',
      code: 'card_declined',
      charge,
      ...decline,
      payment_intent: structuredClone(pi),
    });
  }

  private emit(type: string, object: Json): void {
    this.events.push({
      id: newId('evt'),
      type,
      object: structuredClone(object),
      created: this.seconds(),
      delivered: false,
    });
  }

  private requirePi(id: string): Json {
    return this.require(this.paymentIntents, id, 'payment_intent');
  }

  private requireSi(id: string): Json {
    return this.require(this.setupIntents, id, 'setup_intent');
  }

  private require(map: Map<string, Json>, id: string, kind: string): Json {
    const found = map.get(id);
    if (!found)
      throw new StripeHttpError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${id}'`,
        param: 'id',
      });
    return found;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function invalid(code: string, message: string, param?: string): StripeHttpError {
  return new StripeHttpError(400, { type: 'invalid_request_error', code, message, param });
}

function unexpectedState(message: string, pi: Json): StripeHttpError {
  return new StripeHttpError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message,
    payment_intent: pi,
  });
}
