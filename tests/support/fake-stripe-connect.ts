import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FakeStripe, StripeHttpError } from './fake-stripe';

/**
 * Stripe Connect for the local fake Stripe: Express accounts, Account Links, the platform's balance,
 * Transfers (with `source_transaction` and `transfer_group`) and their reversals, and signed events
 * of connected accounts for the Connect webhook endpoint. It plugs into a running `FakeStripe` by
 * taking the requests its own router does not know, so the real `stripe` SDK talks to one server
 * with the same idempotency, auth and failure injection.
 */

type Json = Record<string, unknown>;
type Route = (method: string, path: string, params: Json) => Json;

const newId = (prefix: string) =>
  `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** The currencies the fake's balance holds test funds in (the app's, src/core/currency.ts). */
const BALANCE_CURRENCIES = ['usd', 'cad', 'eur', 'gbp', 'mxn', 'jpy'];

const ONBOARDING_REQUIREMENTS = [
  'business_type',
  'external_account',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export class FakeStripeConnect {
  readonly connectWebhookSecret = `whsec_connect_${randomBytes(16).toString('hex')}`;
  /** Cents the platform can transfer now, before this fake's own transfers and reversals. */
  available = 1_000_000;
  readonly accounts = new Map<string, Json>();
  readonly transfers = new Map<string, Json>();
  readonly reversals: Json[] = [];
  /** Connect events not yet delivered, each about one connected account. */
  readonly events: Array<{ id: string; type: string; account: string; object: Json; delivered: boolean }> =
    [];

  private constructor(readonly stripe: FakeStripe) {}

  /** Extends a running fake Stripe with Connect. */
  static attach(stripe: FakeStripe): FakeStripeConnect {
    const connect = new FakeStripeConnect(stripe);
    // The fake's router is private to it; Connect takes only what it does not answer itself.
    const base = stripe['route'].bind(stripe) as Route;
    stripe['route'] = ((method: string, path: string, params: Json) =>
      connect.route(method, path, params) ?? base(method, path, params)) as never;
    return connect;
  }

  /** What the owner does on Stripe's hosted onboarding: details and bank account given, payouts on. */
  completeOnboarding(accountId: string): Json {
    const account = this.requireAccount(accountId);
    Object.assign(account, {
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
      requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null },
      capabilities: { transfers: 'active' },
    });
    this.emit('account.updated', account);
    return account;
  }

  /** Stripe asks a connected account for more (a document): payouts stop until it is given. */
  restrict(accountId: string, requirement = 'individual.verification.document'): Json {
    const account = this.requireAccount(accountId);
    Object.assign(account, {
      payouts_enabled: false,
      requirements: {
        currently_due: [requirement],
        past_due: [requirement],
        eventually_due: [requirement],
        disabled_reason: 'requirements.past_due',
      },
    });
    this.emit('account.updated', account);
    return account;
  }

  /** Transfers Stripe actually executed (idempotent replays not counted). */
  executedTransfers(): Json[] {
    return [...this.transfers.values()];
  }

  /** An event of a connected account, exactly as Stripe posts it to a Connect endpoint. */
  eventPayload(type: string, account: string, object: Json, id = newId('evt')): string {
    return JSON.stringify({
      id,
      object: 'event',
      account,
      api_version: '2026-10-28.endive',
      created: this.stripe.seconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  async sendWebhook(
    app: FastifyInstance,
    payload: string,
    options: { secret?: string; signature?: string | null } = {},
  ): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    const signature =
      options.signature === undefined
        ? this.stripe.sign(payload, options.secret ?? this.connectWebhookSecret)
        : options.signature;
    if (signature !== null) headers['stripe-signature'] = signature;
    const res = await app.inject({ method: 'POST', url: '/api/payouts/webhook', headers, payload });
    return { status: res.statusCode, body: res.body };
  }

  /** Delivers every Connect event not yet delivered, in order. */
  async deliverEvents(app: FastifyInstance): Promise<number[]> {
    const statuses: number[] = [];
    for (const event of this.events) {
      if (event.delivered) continue;
      const { status } = await this.sendWebhook(
        app,
        this.eventPayload(event.type, event.account, event.object, event.id),
      );
      event.delivered = status >= 200 && status < 300;
      statuses.push(status);
    }
    return statuses;
  }

  // ---- HTTP ----

  private route(method: string, path: string, p: Json): Json | undefined {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/accounts') return this.createAccount(p);
    if (method === 'GET' && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) return this.requireAccount(m[1]!);
    if (method === 'POST' && path === '/v1/account_links') return this.createAccountLink(p);
    if (method === 'GET' && path === '/v1/balance') return this.balance();
    if (method === 'POST' && path === '/v1/transfers') return this.createTransfer(p);
    if (method === 'GET' && (m = path.match(/^\/v1\/transfers\/([^/]+)$/)))
      return this.requireTransfer(m[1]!);
    if (method === 'POST' && (m = path.match(/^\/v1\/transfers\/([^/]+)\/reversals$/))) {
      return this.createReversal(this.requireTransfer(m[1]!), p);
    }
    return undefined;
  }

  private createAccount(p: Json): Json {
    if (p.type && !['express', 'custom', 'standard'].includes(String(p.type))) {
      throw invalid(
        'invalid_request_error',
        `Invalid type: must be one of custom, express, or standard`,
        'type',
      );
    }
    const account: Json = {
      id: newId('acct'),
      object: 'account',
      type: str(p.type) ?? 'express',
      email: str(p.email) ?? null,
      country: 'US',
      default_currency: 'usd',
      created: this.stripe.seconds(),
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
      requirements: {
        currently_due: ONBOARDING_REQUIREMENTS,
        past_due: [],
        eventually_due: ONBOARDING_REQUIREMENTS,
        disabled_reason: 'requirements.past_due',
      },
      metadata: (p.metadata as Json) ?? {},
    };
    this.accounts.set(String(account.id), account);
    return account;
  }

  private createAccountLink(p: Json): Json {
    const account = str(p.account);
    if (!account) throw invalid('parameter_missing', 'Missing required param: account.', 'account');
    this.requireAccount(account);
    for (const param of ['refresh_url', 'return_url', 'type'] as const) {
      if (!str(p[param])) throw invalid('parameter_missing', `Missing required param: ${param}.`, param);
    }
    if (p.type !== 'account_onboarding' && p.type !== 'account_update') {
      throw invalid('invalid_request_error', 'Invalid type', 'type');
    }
    return {
      object: 'account_link',
      created: this.stripe.seconds(),
      expires_at: this.stripe.seconds() + 300,
      url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(8).toString('hex')}`,
    };
  }

  private balance(): Json {
    return {
      object: 'balance',
      livemode: false,
      // The same test funds in each currency the app sells in, less what went out in that currency.
      available: BALANCE_CURRENCIES.map((currency) => ({
        amount: this.availableNow(currency),
        currency,
        source_types: { card: this.availableNow(currency) },
      })),
      pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    };
  }

  private availableNow(currency: string): number {
    let sent = 0;
    for (const t of this.transfers.values()) {
      if (!t.source_transaction && t.currency === currency)
        sent += Number(t.amount) - Number(t.amount_reversed);
    }
    return this.available - sent;
  }

  private createTransfer(p: Json): Json {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw invalid('amount_too_small', 'Invalid integer', 'amount');
    if (!p.currency) throw invalid('parameter_missing', 'Missing required param: currency.', 'currency');
    const destination = str(p.destination);
    if (!destination)
      throw invalid('parameter_missing', 'Missing required param: destination.', 'destination');
    const account = this.accounts.get(destination);
    if (!account) throw invalid('resource_missing', `No such destination: '${destination}'`, 'destination');
    if (!account.payouts_enabled) {
      throw invalid(
        'insufficient_capabilities_for_transfer',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
      );
    }
    const source = str(p.source_transaction);
    if (source) {
      const charge = this.chargeAmount(source);
      if (charge === null)
        throw invalid('resource_missing', `No such charge: '${source}'`, 'source_transaction');
      const used = [...this.transfers.values()]
        .filter((t) => t.source_transaction === source)
        .reduce((sum, t) => sum + Number(t.amount), 0);
      if (amount + used > charge) {
        throw invalid(
          'transfer_source_balance_parameters_mismatch',
          'The transfer amount exceeds the amount of its source transaction.',
          'amount',
        );
      }
    } else if (amount > this.availableNow(String(p.currency))) {
      throw invalid(
        'balance_insufficient',
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        'amount',
      );
    }
    const transfer: Json = {
      id: newId('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: String(p.currency),
      created: this.stripe.seconds(),
      destination,
      destination_payment: newId('py'),
      livemode: false,
      metadata: (p.metadata as Json) ?? {},
      reversals: { object: 'list', data: [], has_more: false, url: '' },
      reversed: false,
      source_transaction: source ?? null,
      source_type: 'card',
      transfer_group: str(p.transfer_group) ?? null,
    };
    (transfer.reversals as Json).url = `/v1/transfers/${String(transfer.id)}/reversals`;
    this.transfers.set(String(transfer.id), transfer);
    return transfer;
  }

  private createReversal(transfer: Json, p: Json): Json {
    const left = Number(transfer.amount) - Number(transfer.amount_reversed);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw invalid(
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than transfer amount ($${(left / 100).toFixed(2)})`,
        'amount',
      );
    }
    const reversal: Json = {
      id: newId('trr'),
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      created: this.stripe.seconds(),
      metadata: (p.metadata as Json) ?? {},
      transfer: transfer.id,
    };
    transfer.amount_reversed = Number(transfer.amount_reversed) + amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    ((transfer.reversals as Json).data as Json[]).push(reversal);
    this.reversals.push(reversal);
    return reversal;
  }

  /** The charge of a succeeded PaymentIntent of the fake, by its id. */
  private chargeAmount(chargeId: string): number | null {
    const intents = this.stripe['paymentIntents'] as Map<string, Json>;
    for (const pi of intents.values()) {
      if (pi.latest_charge === chargeId && pi.status === 'succeeded') return Number(pi.amount_received);
    }
    return null;
  }

  private emit(type: string, account: Json): void {
    this.events.push({
      id: newId('evt'),
      type,
      account: String(account.id),
      object: structuredClone(account),
      delivered: false,
    });
  }

  private requireAccount(id: string): Json {
    const found = this.accounts.get(id);
    if (!found) throw notFound('account', id);
    return found;
  }

  private requireTransfer(id: string): Json {
    const found = this.transfers.get(id);
    if (!found) throw notFound('transfer', id);
    return found;
  }
}

function invalid(code: string, message: string, param?: string): StripeHttpError {
  return new StripeHttpError(400, { type: 'invalid_request_error', code, message, param });
}

function notFound(kind: string, id: string): StripeHttpError {
  return new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
}
