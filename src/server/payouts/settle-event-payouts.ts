import { and, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { asCurrency, providerCurrency } from '../../core/currency';
import { payoutDifference, type PayoutParty } from '../../core/payout-ledger';
import { PLATFORM_FUNDS_REASON, payoutAccountProblem } from '../../core/payout-statement';
import { TransferRefusedError } from '../adapters/payments/payout-gateway';
import type { AppContext } from '../context';
import { events, payoutAccounts, payouts } from '../db/schema';
import { claimRows, unclaimed } from '../db/claim-rows';
import { CLAIM_LEASE_MS, keepRenewing } from '../jobs/claim-lease';
import { loadEventLedger } from './load-event-ledgers';
import { largestChargeCovering, refundsUnderWay } from './payout-queries';
import { tellRecipientPayoutSent, tellRecipientPayoutWaits } from './payout-mails';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'payouts'> & {
  log: { warn(obj: object, msg: string): void };
};
type PayoutRow = typeof payouts.$inferSelect;

/**
 * A claim not renewed for this long is taken as abandoned (its instance died) and claimed again: the
 * instance working on a batch renews its claims every third of it (a heartbeat), so a dead instance's
 * payouts are taken over within 8 seconds and a slow provider call keeps its claim (decision 213).
 * Exactly once does not rest on it: a taken-over payout replays its planned request under its key.
 */
export const PAYOUT_LEASE_MS = CLAIM_LEASE_MS;
/** A payout that waits (no account, the platform's funds short) is looked at again after this. */
export const PAYOUT_RETRY_MS = 2 * 60 * 1000;
const BATCH = 20;

/**
 * Reconciler task (docs/decisions/050-payouts-separate-charges-and-transfers.md): `PAYOUT_DELAY_HOURS`
 * after a closed event's end, one Transfer per party settles its share; a refund after that reverses
 * the difference. Each payout is claimed (a lease), its amount planned and stored, then sent with the
 * key `transfer:<eventId>:<party>`, then recorded: a crash anywhere replays the same Transfer, and two
 * instances never send one twice.
 */
export async function settleEventPayouts(ctx: Ctx): Promise<number> {
  await openDuePayouts(ctx);
  let done = 0;
  // Each payout is looked at once per run, even if what it waits for is still true afterwards.
  const seen: number[] = [];
  for (;;) {
    const claimed = await claimBatch(ctx, seen);
    if (claimed.length === 0) break;
    const stopRenewing = renewClaims(ctx, claimed);
    try {
      for (const payout of claimed) {
        seen.push(payout.id);
        try {
          if (payout.transferId || (payout.plannedAmount === 0 && payout.paidAt))
            await reconcilePaid(ctx, payout);
          else await sendTransfer(ctx, payout);
          done++;
        } catch (error) {
          // Network trouble or an outage: the claim lapses and a later run replays with the same key.
          ctx.log.warn({ err: error, payoutId: payout.id }, 'payout deferred');
        }
      }
    } finally {
      stopRenewing();
    }
  }
  return done;
}

/**
 * The heartbeat: while this instance works through a batch, the claims it still holds (stamped with
 * the claim's time, then each renewal's) are stamped again every CLAIM_RENEW_MS. A payout released or
 * recorded no longer matches and drops out; a claim another instance took over after a stall is not
 * taken back.
 */
function renewClaims(ctx: Ctx, claimed: readonly PayoutRow[]): () => void {
  let stamp = claimed[0]!.claimedAt!;
  const ids = claimed.map((p) => p.id);
  return keepRenewing(
    async () => {
      const next = ctx.now();
      await ctx.db
        .update(payouts)
        .set({ claimedAt: next })
        .where(and(inArray(payouts.id, ids), eq(payouts.claimedAt, stamp)));
      stamp = next;
    },
    (error) => ctx.log.warn({ err: error }, 'payout claim renewal failed'),
  );
}

/**
 * Closed events whose delay has passed get their payout rows, one per party (once: a unique index), and
 * leave the index of events still to open (`events_payouts_unopened_idx`), in the same transaction.
 */
async function openDuePayouts(ctx: Ctx): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.payoutDelayHours * 60 * 60 * 1000);
  await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: events.id,
        truckId: events.foodTruckId,
        organizerId: events.organizerId,
        currency: events.currency,
      })
      .from(events)
      .where(and(eq(events.status, 'closed'), isNull(events.payoutsOpenedAt), lte(events.endsAt, cutoff)))
      .orderBy(events.endsAt)
      .limit(100)
      .for('no key update', { skipLocked: true });
    if (due.length === 0) return;
    await tx
      .insert(payouts)
      .values(
        due.flatMap((e) => [
          {
            eventId: e.id,
            party: 'truck' as const,
            recipientId: e.truckId,
            currency: e.currency,
            createdAt: ctx.now(),
          },
          {
            eventId: e.id,
            party: 'organizer' as const,
            recipientId: e.organizerId,
            currency: e.currency,
            createdAt: ctx.now(),
          },
        ]),
      )
      .onConflictDoNothing();
    await tx
      .update(events)
      .set({ payoutsOpenedAt: ctx.now() })
      .where(
        inArray(
          events.id,
          due.map((e) => e.id),
        ),
      );
  });
}

/**
 * Unsent payouts, sent ones with a refund or correction not yet looked at (`refundSeq` raised past
 * `checkedSeq` in the refund's own transaction), and reversals under way, not held by a live claim of
 * another instance: exactly the rows of `payouts_due_idx`, so settled payouts cost nothing.
 */
async function claimBatch(ctx: Ctx, seen: number[]): Promise<PayoutRow[]> {
  const now = ctx.now();
  return claimRows(
    ctx.db,
    payouts,
    {
      where: and(
        // The index's predicate, written as it is there, so the planner reads through it.
        sql`(${payouts.paidAt} is null or ${payouts.plannedReversal} is not null or ${payouts.refundSeq} > ${payouts.checkedSeq})`,
        seen.length > 0 ? notInArray(payouts.id, seen) : undefined,
        unclaimed(payouts.claimedAt, now, PAYOUT_LEASE_MS),
        or(isNull(payouts.retryAt), lte(payouts.retryAt, now)),
      ),
      orderBy: [payouts.id],
      limit: BATCH,
    },
    { claimedAt: now, attempts: sql`${payouts.attempts} + 1` },
  );
}

async function release(ctx: Ctx, id: number, patch: Partial<PayoutRow> = {}): Promise<void> {
  await ctx.db
    .update(payouts)
    .set({ ...patch, claimedAt: null, updatedAt: ctx.now() })
    .where(eq(payouts.id, id));
}

async function sendTransfer(ctx: Ctx, claimed: PayoutRow): Promise<void> {
  if (claimed.plannedAmount === null) {
    // Nothing to send (no markup, everything refunded): settled, whether or not there is an account.
    const ledger = await loadEventLedger(ctx.db, claimed.eventId);
    if (ledger.shares[claimed.party] === 0) {
      await release(ctx, claimed.id, {
        plannedAmount: 0,
        paidAt: ctx.now(),
        checkedAt: ctx.now(),
        checkedSeq: claimed.refundSeq,
        blockedReason: null,
      });
      return;
    }
  }
  const [account] = await ctx.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, claimed.recipientId));
  if (!account || !account.payoutsEnabled) {
    // Looked at again after PAYOUT_RETRY_MS, or at once when the account's webhook says it can
    // receive money (which clears `retryAt`).
    const reason = payoutAccountProblem(account)!;
    await release(ctx, claimed.id, { retryAt: new Date(ctx.now().getTime() + PAYOUT_RETRY_MS) });
    await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(payouts)
        .set({ blockedReason: reason, updatedAt: ctx.now() })
        .where(
          and(
            eq(payouts.id, claimed.id),
            or(isNull(payouts.blockedReason), sql`${payouts.blockedReason} <> ${reason}`),
          ),
        )
        .returning();
      if (updated) await tellRecipientPayoutWaits(ctx.config, tx, updated, reason);
    });
    return;
  }

  if (claimed.plannedAmount === null && (await refundsUnderWay(ctx, claimed.eventId))) {
    await release(ctx, claimed.id);
    return;
  }
  const payout = await planTransfer(ctx, claimed);
  if (payout.plannedAmount === 0) {
    await release(ctx, payout.id, { paidAt: ctx.now(), blockedReason: null, lastError: null });
    return;
  }
  try {
    const transfer = await ctx.payouts.createTransfer({
      amount: payout.plannedAmount!,
      currency: providerCurrency(asCurrency(payout.currency)),
      destination: account.accountId,
      transferGroup: transferGroupOf(payout.eventId),
      sourceTransaction: payout.sourceTransaction ?? undefined,
      metadata: { eventId: String(payout.eventId), party: payout.party, payoutId: String(payout.id) },
      idempotencyKey: transferKey(payout.eventId, payout.party),
    });
    await ctx.db.transaction(async (tx) => {
      const [recorded] = await tx
        .update(payouts)
        .set({
          transferId: transfer.id,
          transferredAmount: transfer.amount,
          paidAt: ctx.now(),
          blockedReason: null,
          lastError: null,
          claimedAt: null,
          retryAt: null,
          updatedAt: ctx.now(),
        })
        .where(and(eq(payouts.id, payout.id), isNull(payouts.transferId)))
        .returning();
      if (recorded) await tellRecipientPayoutSent(tx, recorded);
    });
  } catch (error) {
    if (!(error instanceof TransferRefusedError)) throw error;
    // Refused (say the platform's funds are short): the party sees why its payout waits, and the same
    // request is tried again after PAYOUT_RETRY_MS (the plan is kept: a different request under the
    // same key would be refused as a reused key).
    await ctx.db
      .update(payouts)
      .set({
        blockedReason: PLATFORM_FUNDS_REASON,
        lastError: error.message,
        claimedAt: null,
        retryAt: new Date(ctx.now().getTime() + PAYOUT_RETRY_MS),
        updatedAt: ctx.now(),
      })
      .where(eq(payouts.id, payout.id));
  }
}

/**
 * Decides once what a Transfer sends: the party's share now, and, when the platform's available
 * balance can't cover it, the event's largest charge as `source_transaction` (the transfer then waits
 * for that charge's funds). Stored before sending, so a replay sends exactly the same request.
 */
async function planTransfer(ctx: Ctx, payout: PayoutRow): Promise<PayoutRow> {
  if (payout.plannedAmount !== null) return payout;
  const plannedAt = ctx.now();
  const ledger = await loadEventLedger(ctx.db, payout.eventId);
  const share = ledger.shares[payout.party];
  let sourceTransaction: string | null = null;
  if (
    share > 0 &&
    (await ctx.payouts.availableBalance(providerCurrency(asCurrency(payout.currency)))) < share
  ) {
    sourceTransaction = await largestChargeCovering(ctx, payout.eventId, share);
  }
  const [planned] = await ctx.db
    .update(payouts)
    .set({
      plannedAmount: share,
      sourceTransaction,
      checkedAt: plannedAt,
      checkedSeq: payout.refundSeq,
      updatedAt: plannedAt,
    })
    .where(and(eq(payouts.id, payout.id), isNull(payouts.plannedAmount)))
    .returning();
  if (planned) return planned;
  const [current] = await ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
  return current!;
}

/**
 * A sent payout whose share shrank (a refund after settlement) gives the difference back with a
 * Transfer reversal. The reversal is planned and stored first, with a key naming the total reversed
 * after it, so a crash replays the same reversal and a later refund makes a new one.
 */
async function reconcilePaid(ctx: Ctx, claimed: PayoutRow): Promise<void> {
  let payout = claimed;
  if (payout.plannedReversal === null) {
    if (await refundsUnderWay(ctx, payout.eventId)) {
      // `refundSeq` stays past `checkedSeq`: looked at again once the refund is made or given up.
      await release(ctx, payout.id);
      return;
    }
    const checkedAt = ctx.now();
    const ledger = await loadEventLedger(ctx.db, payout.eventId);
    const difference = payoutDifference(
      ledger.shares[payout.party],
      payout.transferredAmount,
      payout.reversedAmount,
    );
    if (difference >= 0 || !payout.transferId) {
      await release(ctx, payout.id, { checkedAt, checkedSeq: payout.refundSeq });
      return;
    }
    const [planned] = await ctx.db
      .update(payouts)
      .set({ plannedReversal: -difference, checkedAt, checkedSeq: payout.refundSeq, updatedAt: checkedAt })
      .where(and(eq(payouts.id, payout.id), isNull(payouts.plannedReversal)))
      .returning();
    if (!planned) return;
    payout = planned;
  }
  const amount = payout.plannedReversal!;
  await ctx.payouts.createTransferReversal({
    transferId: payout.transferId!,
    amount,
    metadata: { eventId: String(payout.eventId), party: payout.party },
    idempotencyKey: `reversal:${payout.eventId}:${payout.party}:${payout.reversedAmount + amount}`,
  });
  await ctx.db
    .update(payouts)
    .set({
      reversedAmount: payout.reversedAmount + amount,
      plannedReversal: null,
      claimedAt: null,
      updatedAt: ctx.now(),
    })
    .where(
      and(
        eq(payouts.id, payout.id),
        eq(payouts.plannedReversal, amount),
        eq(payouts.reversedAmount, payout.reversedAmount),
      ),
    );
}

export const transferGroupOf = (eventId: number) => `event:${eventId}`;
export const transferKey = (eventId: number, party: PayoutParty) => `transfer:${eventId}:${party}`;
