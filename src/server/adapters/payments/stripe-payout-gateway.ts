import Stripe from 'stripe';
import { IdempotencyKeyReuseError, IntentNotFoundError } from './payment-gateway';
import { createStripeClient, idOf, toProviderError, verifiedStripeEvent } from './stripe-client';
import {
  TransferRefusedError,
  type ConnectEvent,
  type CreateAccountInput,
  type CreateAccountLinkInput,
  type CreateTransferInput,
  type CreateTransferReversalInput,
  type GatewayAccount,
  type GatewayAccountLink,
  type GatewayTransfer,
  type GatewayTransferReversal,
  type PayoutGateway,
} from './payout-gateway';

export interface StripePayoutGatewayOptions {
  secretKey: string;
  /** The signing secret of the Connect webhook endpoint (events of connected accounts). */
  connectWebhookSecret?: string | undefined;
  /** Where the SDK sends its requests instead of api.stripe.com (tests: the local fake Stripe). */
  apiUrl?: string | undefined;
  /** The app's clock: a webhook signature's age is measured by it. Default: the real clock. */
  now?: () => Date;
}

/**
 * Stripe Connect through the official SDK: Express accounts onboarded on Stripe's hosted pages, and
 * separate charges and transfers (docs/decisions/050-payouts-separate-charges-and-transfers.md).
 */
export class StripePayoutGateway implements PayoutGateway {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripePayoutGatewayOptions) {
    this.stripe = createStripeClient(options.secretKey, {
      apiUrl: options.apiUrl,
      // The SDK retries 429s, 5xx and dropped connections with the same idempotency key.
      maxNetworkRetries: 3,
      timeoutMs: 30_000,
    });
  }

  async createAccount(input: CreateAccountInput): Promise<GatewayAccount> {
    const account = await this.call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          email: input.email,
          capabilities: { transfers: { requested: true } },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toAccount(account);
  }

  async retrieveAccount(id: string): Promise<GatewayAccount> {
    return toAccount(await this.call(() => this.stripe.accounts.retrieve(id)));
  }

  async createAccountLink(input: CreateAccountLinkInput): Promise<GatewayAccountLink> {
    const link = await this.call(() =>
      this.stripe.accountLinks.create({
        account: input.account,
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      }),
    );
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  }

  async createTransfer(input: CreateTransferInput): Promise<GatewayTransfer> {
    const transfer = await this.call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amount,
          currency: input.currency,
          destination: input.destination,
          transfer_group: input.transferGroup,
          source_transaction: input.sourceTransaction,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toTransfer(transfer);
  }

  async createTransferReversal(input: CreateTransferReversalInput): Promise<GatewayTransferReversal> {
    const reversal = await this.call(() =>
      this.stripe.transfers.createReversal(
        input.transferId,
        { amount: input.amount, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: reversal.id, transferId: idOf(reversal.transfer)!, amount: reversal.amount };
  }

  async availableBalance(currency: string): Promise<number> {
    const balance = await this.call(() => this.stripe.balance.retrieve());
    return balance.available.filter((b) => b.currency === currency).reduce((sum, b) => sum + b.amount, 0);
  }

  async chargeOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(paymentIntentId));
    return intent.status === 'succeeded' ? idOf(intent.latest_charge) : null;
  }

  verifyConnectWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ConnectEvent {
    const event = verifiedStripeEvent(
      this.stripe,
      rawBody,
      signatureHeader,
      this.options.connectWebhookSecret,
      'Connect webhook signing secret is not configured',
      (this.options.now ?? (() => new Date()))(),
    );
    if (event.type === 'account.updated') {
      return { id: event.id, type: 'account.updated', account: toAccount(event.data.object) };
    }
    return { id: event.id, type: event.type };
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw normalizeError(error);
    }
  }
}

function normalizeError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new IdempotencyKeyReuseError(error.message);
  if (error.code === 'resource_missing') return new IntentNotFoundError(error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new TransferRefusedError(error.message, error.code);
  }
  return toProviderError(error);
}

function toAccount(account: Stripe.Account): GatewayAccount {
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [
      ...(account.requirements?.currently_due ?? []),
      ...(account.requirements?.past_due ?? []),
    ].filter((v, i, all) => all.indexOf(v) === i),
    disabledReason: account.requirements?.disabled_reason ?? null,
    metadata: { ...(account.metadata ?? {}) },
  };
}

function toTransfer(transfer: Stripe.Transfer): GatewayTransfer {
  return {
    id: transfer.id,
    amount: transfer.amount,
    amountReversed: transfer.amount_reversed,
    destination: idOf(transfer.destination) ?? '',
    transferGroup: transfer.transfer_group ?? null,
    sourceTransaction: idOf(transfer.source_transaction),
  };
}
