import type { GatewayHooks } from './gateway-hooks';
/**
 * Stripe Connect as the payouts see it: connected accounts, their hosted onboarding (Account Links),
 * Transfers to them and reversals of those (docs/decisions/050-payouts-separate-charges-and-transfers.md).
 * Two implementations, as for payments: `stripe-payout-gateway.ts` and `simulator-payout-gateway.ts`.
 * Amounts are integer cents in usd. Never call it inside a database transaction (a remote call).
 */

export interface GatewayAccount {
  id: string;
  /** The owner finished the hosted onboarding form. */
  detailsSubmitted: boolean;
  /** The provider lets money out to the owner's bank: transfers may be sent. */
  payoutsEnabled: boolean;
  /** What the provider still needs, e.g. `external_account`, `individual.verification.document`. */
  requirementsDue: string[];
  /** The provider's reason the account can't receive money yet, e.g. `requirements.past_due`. */
  disabledReason: string | null;
  metadata: Record<string, string>;
}

export interface GatewayAccountLink {
  /** Where to send the owner's browser; valid for a few minutes, once. */
  url: string;
  expiresAt: Date;
}

export interface GatewayTransfer {
  id: string;
  amount: number;
  amountReversed: number;
  destination: string;
  transferGroup: string | null;
  sourceTransaction: string | null;
}

export interface GatewayTransferReversal {
  id: string;
  transferId: string;
  amount: number;
}

export interface CreateAccountInput {
  email?: string;
  /** `userId`, so a webhook's account can be found even before its id is stored. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CreateAccountLinkInput {
  account: string;
  /** Where the provider sends the owner back after onboarding. */
  returnUrl: string;
  /** Where it sends them when the link expired or was used: make a new link there. */
  refreshUrl: string;
}

export interface CreateTransferInput {
  /** The currency's minor units. */
  amount: number;
  /** Lower case, the event's ("eur"): a Transfer is paid from the platform's balance in that currency. */
  currency: string;
  destination: string;
  /** `event:<id>`: ties the transfers to the charges of the event they settle. */
  transferGroup: string;
  /** A charge whose funds are not available yet: the transfer waits for them instead of failing. */
  sourceTransaction?: string;
  metadata: Record<string, string>;
  /** `transfer:<eventId>:<party>`: a replay never pays twice. */
  idempotencyKey: string;
}

export interface CreateTransferReversalInput {
  transferId: string;
  amount: number;
  metadata?: Record<string, string>;
  idempotencyKey: string;
}

/** A connected-account event this app acts on. */
export interface AccountUpdatedEvent {
  id: string;
  type: 'account.updated';
  account: GatewayAccount;
}

export type ConnectEvent = AccountUpdatedEvent | { id: string; type: string; account?: undefined };

export interface PayoutGateway extends GatewayHooks {
  readonly provider: 'simulator' | 'stripe';
  createAccount(input: CreateAccountInput): Promise<GatewayAccount>;
  retrieveAccount(id: string): Promise<GatewayAccount>;
  createAccountLink(input: CreateAccountLinkInput): Promise<GatewayAccountLink>;
  createTransfer(input: CreateTransferInput): Promise<GatewayTransfer>;
  createTransferReversal(input: CreateTransferReversalInput): Promise<GatewayTransferReversal>;
  /** Minor units of `currency` (lower case) on the platform's balance that can be transferred now. */
  availableBalance(currency: string): Promise<number>;
  /** The charge behind a PaymentIntent (a transfer's `source_transaction`), or null when none. */
  chargeOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** Checks a Connect webhook's signature; throws `WebhookVerificationError` when it fails. */
  verifyConnectWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ConnectEvent;
}

/** The transfer was refused, e.g. the platform's balance is short or the account can't receive money. */
export class TransferRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'TransferRefusedError';
  }
}
