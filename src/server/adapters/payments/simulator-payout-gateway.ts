import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import {
  simulatorAccounts,
  simulatorIdempotency,
  simulatorIntents,
  simulatorTransfers,
} from '../../db/schema';
import { IdempotencyKeyReuseError, IntentNotFoundError, WebhookVerificationError } from './payment-gateway';
import { simulatorOnboardingRoutes } from './simulator-onboarding-routes';
import {
  TransferRefusedError,
  type AccountUpdatedEvent,
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

/** Stripe's Account Links expire after a few minutes; the simulator's too. */
const LINK_LIFETIME_MS = 5 * 60 * 1000;

const randomId = (prefix: string) =>
  `${prefix}_sim_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

type AccountRow = typeof simulatorAccounts.$inferSelect;
type TransferRow = typeof simulatorTransfers.$inferSelect;

/**
 * Stripe Connect test mode, kept in the database: connected accounts, a local onboarding page in place
 * of Stripe's hosted one (`/payouts/onboarding/simulator`), transfers and reversals, and the platform's
 * balance as the sum of what was charged, refunded, transferred and reversed.
 */
export class SimulatorPayoutGateway implements PayoutGateway {
  readonly provider = 'simulator' as const;

  constructor(
    private readonly options: {
      db: Db;
      now: () => Date;
      baseUrl: () => string;
      /** Where `account.updated` goes when a local onboarding completes, as Stripe's webhook would. */
      onConnectEvent?: (event: ConnectEvent) => Promise<unknown>;
    },
  ) {}

  /** The local stand-in for Stripe's hosted onboarding. */
  async registerRoutes(app: FastifyInstance): Promise<void> {
    const deliver = this.options.onConnectEvent ?? (async () => undefined);
    await app.register(simulatorOnboardingRoutes, { simulator: this, onConnectEvent: deliver });
  }

  async createAccount(input: CreateAccountInput): Promise<GatewayAccount> {
    return this.idempotent(input.idempotencyKey, 'accounts.create', input, async (tx) => {
      const [row] = await tx
        .insert(simulatorAccounts)
        .values({
          id: randomId('acct'),
          email: input.email ?? null,
          metadata: input.metadata,
          createdAt: this.options.now(),
          updatedAt: this.options.now(),
        })
        .returning();
      return toAccount(row!);
    });
  }

  async retrieveAccount(id: string): Promise<GatewayAccount> {
    return toAccount(await this.findAccount(this.options.db, id));
  }

  async createAccountLink(input: CreateAccountLinkInput): Promise<GatewayAccountLink> {
    const token = randomBytes(16).toString('hex');
    const expiresAt = new Date(this.options.now().getTime() + LINK_LIFETIME_MS);
    const [row] = await this.options.db
      .update(simulatorAccounts)
      .set({
        linkToken: token,
        linkExpiresAt: expiresAt,
        returnUrl: input.returnUrl,
        refreshUrl: input.refreshUrl,
        updatedAt: this.options.now(),
      })
      .where(eq(simulatorAccounts.id, input.account))
      .returning();
    if (!row) throw new IntentNotFoundError(`No such account: '${input.account}'`);
    const url = new URL('/payouts/onboarding/simulator', this.options.baseUrl());
    url.searchParams.set('account', row.id);
    url.searchParams.set('token', token);
    return { url: url.toString(), expiresAt };
  }

  /**
   * What the onboarding page's form does: the owner "submits their details and bank account". Answers
   * the `account.updated` event Stripe's webhook would send, and where to send the browser back; an
   * expired or used link answers the refresh address instead, as Stripe does.
   */
  async completeOnboarding(
    accountId: string,
    token: string,
  ): Promise<{ event: AccountUpdatedEvent; redirectTo: string } | { event: null; redirectTo: string }> {
    return this.options.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(simulatorAccounts)
        .where(eq(simulatorAccounts.id, accountId))
        .for('update');
      if (!row || !row.linkToken || !sameSecret(row.linkToken, token)) {
        throw new IntentNotFoundError('This onboarding link is not valid');
      }
      if (!row.linkExpiresAt || row.linkExpiresAt < this.options.now()) {
        await tx.update(simulatorAccounts).set({ linkToken: null }).where(eq(simulatorAccounts.id, row.id));
        return { event: null, redirectTo: row.refreshUrl ?? '/' };
      }
      const [updated] = await tx
        .update(simulatorAccounts)
        .set({ detailsSubmitted: true, payoutsEnabled: true, linkToken: null, updatedAt: this.options.now() })
        .where(eq(simulatorAccounts.id, row.id))
        .returning();
      return {
        event: { id: randomId('evt'), type: 'account.updated' as const, account: toAccount(updated!) },
        redirectTo: row.returnUrl ?? '/',
      };
    });
  }

  /** Whether an onboarding link is one the page may show (exists, unused, not expired). */
  async isLinkValid(accountId: string, token: string): Promise<boolean> {
    const [row] = await this.options.db
      .select()
      .from(simulatorAccounts)
      .where(eq(simulatorAccounts.id, accountId));
    return Boolean(
      row?.linkToken &&
      sameSecret(row.linkToken, token) &&
      row.linkExpiresAt &&
      row.linkExpiresAt >= this.options.now(),
    );
  }

  async createTransfer(input: CreateTransferInput): Promise<GatewayTransfer> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
      throw new TransferRefusedError('Transfers must be at least $0.01', 'amount_too_small');
    }
    return this.idempotent(input.idempotencyKey, 'transfers.create', input, async (tx) => {
      const account = await this.findAccount(tx, input.destination);
      if (!account.payoutsEnabled) {
        throw new TransferRefusedError(
          'The destination account needs to finish onboarding before it can receive transfers',
          'account_invalid',
        );
      }
      if (input.sourceTransaction) {
        const charged = await this.chargedAmount(tx, input.sourceTransaction);
        if (charged === null)
          throw new TransferRefusedError(`No such charge: '${input.sourceTransaction}'`, 'resource_missing');
        if (input.amount > charged) {
          throw new TransferRefusedError(
            'The transfer amount exceeds the amount of its source transaction',
            'transfer_source_balance_parameters_mismatch',
          );
        }
      } else if (input.amount > (await this.balance(tx, input.currency))) {
        throw new TransferRefusedError(
          'You have insufficient available funds in your Stripe account',
          'balance_insufficient',
        );
      }
      const [row] = await tx
        .insert(simulatorTransfers)
        .values({
          id: randomId('tr'),
          amount: input.amount,
          currency: input.currency,
          destination: input.destination,
          transferGroup: input.transferGroup,
          sourceTransaction: input.sourceTransaction ?? null,
          metadata: input.metadata,
          createdAt: this.options.now(),
        })
        .returning();
      return toTransfer(row!);
    });
  }

  async createTransferReversal(input: CreateTransferReversalInput): Promise<GatewayTransferReversal> {
    return this.idempotent(input.idempotencyKey, 'transfers.reversals.create', input, async (tx) => {
      const [transfer] = await tx
        .select()
        .from(simulatorTransfers)
        .where(eq(simulatorTransfers.id, input.transferId))
        .for('update');
      if (!transfer) throw new IntentNotFoundError(`No such transfer: '${input.transferId}'`);
      if (input.amount < 1 || input.amount > transfer.amount - transfer.amountReversed) {
        throw new TransferRefusedError(
          'The reversal amount exceeds what is left of the transfer',
          'transfer_reversal_amount_invalid',
        );
      }
      await tx
        .update(simulatorTransfers)
        .set({ amountReversed: transfer.amountReversed + input.amount })
        .where(eq(simulatorTransfers.id, transfer.id));
      return { id: randomId('trr'), transferId: transfer.id, amount: input.amount };
    });
  }

  async availableBalance(currency: string): Promise<number> {
    return this.balance(this.options.db, currency);
  }

  async chargeOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const [intent] = await this.options.db
      .select({ status: simulatorIntents.status })
      .from(simulatorIntents)
      .where(eq(simulatorIntents.id, paymentIntentId));
    return intent?.status === 'succeeded' ? chargeIdOf(paymentIntentId) : null;
  }

  verifyConnectWebhook(): ConnectEvent {
    throw new WebhookVerificationError('Webhooks are not used by the payment simulator');
  }

  /** What a connected account has received, net of reversals (tests; the money page of a demo). */
  async accountBalance(accountId: string): Promise<number> {
    const [row] = await this.options.db
      .select({
        total: sql<string>`coalesce(sum(${simulatorTransfers.amount} - ${simulatorTransfers.amountReversed}), 0)`,
      })
      .from(simulatorTransfers)
      .where(eq(simulatorTransfers.destination, accountId));
    return Number(row?.total ?? 0);
  }

  async transfersTo(accountId: string): Promise<GatewayTransfer[]> {
    const rows = await this.options.db
      .select()
      .from(simulatorTransfers)
      .where(eq(simulatorTransfers.destination, accountId))
      .orderBy(simulatorTransfers.createdAt);
    return rows.map(toTransfer);
  }

  // ---- internals ----

  /** Charged minus refunded, minus what went out in transfers and came back in reversals, in one currency. */
  private async balance(db: Db | Tx, currency: string): Promise<number> {
    const [charged] = await db
      .select({
        total: sql<string>`coalesce(sum(${simulatorIntents.amount} - ${simulatorIntents.amountRefunded}), 0)`,
      })
      .from(simulatorIntents)
      .where(
        and(
          eq(simulatorIntents.object, 'payment_intent'),
          eq(simulatorIntents.status, 'succeeded'),
          eq(simulatorIntents.currency, currency),
        ),
      );
    const [sent] = await db
      .select({
        total: sql<string>`coalesce(sum(${simulatorTransfers.amount} - ${simulatorTransfers.amountReversed}), 0)`,
      })
      .from(simulatorTransfers)
      .where(eq(simulatorTransfers.currency, currency));
    return Number(charged?.total ?? 0) - Number(sent?.total ?? 0);
  }

  private async chargedAmount(db: Db | Tx, chargeId: string): Promise<number | null> {
    if (!chargeId.startsWith('ch_sim_')) return null;
    const [intent] = await db
      .select()
      .from(simulatorIntents)
      .where(eq(simulatorIntents.id, `pi_sim_${chargeId.slice('ch_sim_'.length)}`));
    if (!intent || intent.status !== 'succeeded') return null;
    return (intent.amount ?? 0) - intent.amountRefunded;
  }

  private async findAccount(db: Db | Tx, id: string): Promise<AccountRow> {
    const [row] = await db.select().from(simulatorAccounts).where(eq(simulatorAccounts.id, id));
    if (!row) throw new IntentNotFoundError(`No such account: '${id}'`);
    return row;
  }

  /** One execution per key, as Stripe's idempotency keys: a replay answers the first result. */
  private async idempotent<T>(
    key: string,
    operation: string,
    params: unknown,
    run: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const fingerprint = createHash('sha256')
      .update(`${operation}\n${JSON.stringify(params)}`)
      .digest('hex');
    return this.options.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`simulator:${key}`}, 0))`);
      const [stored] = await tx.select().from(simulatorIdempotency).where(eq(simulatorIdempotency.key, key));
      if (stored) {
        const response = stored.response as { fingerprint: string; ok: T };
        if (response.fingerprint !== fingerprint) {
          throw new IdempotencyKeyReuseError(
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        }
        return response.ok;
      }
      const value = await run(tx);
      await tx
        .insert(simulatorIdempotency)
        .values({ key, response: { fingerprint, ok: value }, createdAt: this.options.now() });
      return value;
    });
  }
}

/** The simulator names a PaymentIntent's charge after it, as `expireHold` does. */
export function chargeIdOf(paymentIntentId: string): string {
  return `ch_sim_${paymentIntentId.slice('pi_sim_'.length)}`;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function toAccount(row: AccountRow): GatewayAccount {
  return {
    id: row.id,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    requirementsDue: row.payoutsEnabled ? [] : ['external_account', 'tos_acceptance.date'],
    disabledReason: row.payoutsEnabled ? null : 'requirements.past_due',
    metadata: row.metadata,
  };
}

function toTransfer(row: TransferRow): GatewayTransfer {
  return {
    id: row.id,
    amount: row.amount,
    amountReversed: row.amountReversed,
    destination: row.destination,
    transferGroup: row.transferGroup,
    sourceTransaction: row.sourceTransaction,
  };
}
