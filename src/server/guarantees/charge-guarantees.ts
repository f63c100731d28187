import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import {
  planGuaranteeAtStart,
  planGuaranteeNotice,
  planGuaranteeRecord,
  STANDING_GUARANTEE_STATUSES,
  GUARANTEE_NOTICE_LEAD_MS,
  type ChargeOutcome,
  type GuaranteeChargeRequest,
  type GuaranteeState,
} from '../../core/host-guarantee';
import { CardDeclinedError } from '../adapters/payments/payment-gateway';
import { unclaimed } from '../db/claim-rows';
import { eventGuarantees, events } from '../db/schema';
import { changeEventStatus, setEventStatus } from '../engine/event-engine';
import { lockEvent } from '../engine/locks';
import { publicBaseUrl } from '../http/public-url';
import { CLAIM_LEASE_MS } from '../jobs/claim-lease';
import type { EngineCtx } from '../orders/sync-order';
import { mailGuaranteeNews } from './guarantee-mail';
import type { GuaranteeRow } from './guarantee-queries';

type EventRow = typeof events.$inferSelect;

function stateOf(guarantee: GuaranteeRow, event: EventRow, now: Date): GuaranteeState {
  return {
    guarantee: {
      eventId: guarantee.eventId,
      status: guarantee.status,
      paymentMethodId: guarantee.stripePaymentMethodId,
      customerId: guarantee.stripeCustomerId,
      noticeSentAt: guarantee.noticeSentAt,
      amountCents: guarantee.amountCents,
    },
    event: {
      status: event.status,
      startsAt: event.startsAt,
      currentSalesCents: event.currentSales,
      minimumSalesCents: event.minimumSales,
      currency: event.currency,
    },
    now,
  };
}

/**
 * Reconciler task, 48 hours before the start: the organizer of an event still short of its goal is
 * mailed what they may pay, once (the row is stamped in the mail's transaction, rows claimed with SKIP
 * LOCKED).
 */
export async function noticeGuarantees(ctx: Pick<EngineCtx, 'db' | 'now' | 'config'>): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ guarantee: eventGuarantees, event: events })
      .from(eventGuarantees)
      .innerJoin(events, eq(events.id, eventGuarantees.eventId))
      .where(
        and(
          eq(eventGuarantees.status, 'saved'),
          isNull(eventGuarantees.noticeSentAt),
          eq(events.status, 'approved'),
          lte(events.startsAt, new Date(now.getTime() + GUARANTEE_NOTICE_LEAD_MS)),
          gt(events.startsAt, now),
        ),
      )
      .for('update', { of: eventGuarantees, skipLocked: true });
    let sent = 0;
    for (const { guarantee, event } of due) {
      const plan = planGuaranteeNotice(stateOf(guarantee, event, now));
      if (plan.kind !== 'notice') continue;
      await tx
        .update(eventGuarantees)
        .set({ noticeSentAt: now, updatedAt: now })
        .where(eq(eventGuarantees.id, guarantee.id));
      await mailGuaranteeNews(
        tx,
        event,
        { kind: 'notice', amountCents: plan.amountCents },
        publicBaseUrl(ctx.config),
      );
      sent++;
    }
    return sent;
  });
}

interface Claimed {
  guarantee: GuaranteeRow;
  request: GuaranteeChargeRequest;
}

/**
 * Reconciler task, at the start: each standing guarantee is claimed (a lease, the amount fixed), its
 * card charged off-session under `guarantee:<eventId>`, and the answer recorded under the event's lock.
 * A crash between the call and the record leaves the claim to lapse; whoever takes it over asks the
 * provider the same with the same key, and is answered the first result: one charge.
 */
export async function chargeGuarantees(ctx: EngineCtx): Promise<number> {
  const token = randomUUID();
  const claimed = await claim(ctx, token);
  for (const { guarantee, request } of claimed) {
    if (ctx.reconciler.halted) break;
    let outcome: ChargeOutcome;
    try {
      const intent = await ctx.payments.createPaymentIntent(request);
      outcome =
        intent.status === 'succeeded'
          ? { kind: 'charged', paymentIntentId: intent.id }
          : { kind: 'declined', message: intent.lastPaymentError ?? 'The card could not be charged.' };
    } catch (error) {
      if (!(error instanceof CardDeclinedError)) {
        // The provider out of reach: the claim lapses and a later run replays the same key.
        ctx.log.warn({ err: error, eventId: guarantee.eventId }, 'guarantee charge deferred');
        continue;
      }
      outcome = { kind: 'declined', message: error.message };
    }
    await record(ctx, guarantee, request.amount, outcome, token);
  }
  return claimed.length;
}

async function claim(ctx: EngineCtx, token: string): Promise<Claimed[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ guarantee: eventGuarantees, event: events })
      .from(eventGuarantees)
      .innerJoin(events, eq(events.id, eventGuarantees.eventId))
      .where(
        and(
          inArray(eventGuarantees.status, [...STANDING_GUARANTEE_STATUSES]),
          lte(events.startsAt, now),
          unclaimed(eventGuarantees.claimedAt, now, CLAIM_LEASE_MS),
        ),
      )
      .orderBy(eventGuarantees.id)
      .limit(50)
      .for('update', { of: eventGuarantees, skipLocked: true });
    const work: Claimed[] = [];
    for (const { guarantee, event } of due) {
      const plan = planGuaranteeAtStart(stateOf(guarantee, event, now));
      if (plan.kind === 'wait') continue;
      if (plan.kind === 'not-needed') {
        await tx
          .update(eventGuarantees)
          .set({ status: 'not_needed', updatedAt: now })
          .where(eq(eventGuarantees.id, guarantee.id));
        continue;
      }
      const [row] = await tx
        .update(eventGuarantees)
        .set({
          status: 'charging',
          amountCents: plan.amountCents,
          claimedAt: now,
          claimToken: token,
          updatedAt: now,
        })
        .where(eq(eventGuarantees.id, guarantee.id))
        .returning();
      work.push({ guarantee: row!, request: plan.request });
    }
    return work;
  });
}

async function record(
  ctx: EngineCtx,
  claimed: GuaranteeRow,
  amountCents: number,
  outcome: ChargeOutcome,
  token: string,
): Promise<void> {
  const now = ctx.now();
  const baseUrl = publicBaseUrl(ctx.config);
  const refund = await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, claimed.eventId);
    const [row] = await tx
      .select()
      .from(eventGuarantees)
      .where(eq(eventGuarantees.id, claimed.id))
      .for('update');
    // Recorded already by whoever took the claim over: the same provider answer, nothing more to do.
    if (!event || !row || row.status !== 'charging' || row.claimToken !== token) return false;
    const plan = planGuaranteeRecord(outcome, event.status);
    if (outcome.kind === 'declined') {
      await tx
        .update(eventGuarantees)
        .set({ status: 'declined', failureMessage: outcome.message, claimedAt: null, updatedAt: now })
        .where(eq(eventGuarantees.id, row.id));
      const updated =
        plan.kind === 'fall-back' && plan.eventTo
          ? await changeEventStatus(tx, event, 'cancelled', {
              now,
              reason: 'guarantee declined',
              baseUrl,
              patch: { cancelReason: 'unfunded', cancelledBy: 'system' },
            })
          : event;
      await mailGuaranteeNews(
        tx,
        updated,
        { kind: 'declined', amountCents, message: outcome.message },
        baseUrl,
      );
      return false;
    }
    await tx
      .update(eventGuarantees)
      .set({
        status: 'charged',
        stripePaymentIntentId: outcome.paymentIntentId,
        chargedAt: now,
        claimedAt: null,
        updatedAt: now,
      })
      .where(eq(eventGuarantees.id, row.id));
    if (plan.kind === 'fund') {
      const funded = await setEventStatus(tx, event, plan.eventTo, {
        now,
        reason: 'guaranteed by the organizer',
      });
      await mailGuaranteeNews(tx, funded, { kind: 'charged', amountCents }, baseUrl);
      return false;
    }
    return plan.kind === 'charged-only' && plan.refund;
  });
  if (outcome.kind === 'charged' && refund) {
    // Called off while the charge was on its way: the money goes back, once.
    ctx.log.error(
      { alert: 'guarantee-refunded', eventId: claimed.eventId },
      'guarantee charged after a call-off',
    );
    const given = await ctx.payments.refundPaymentIntent({
      paymentIntentId: outcome.paymentIntentId,
      idempotencyKey: `guarantee-refund:${claimed.eventId}`,
    });
    await ctx.db
      .update(eventGuarantees)
      .set({ refundedCents: given.amount, updatedAt: ctx.now() })
      .where(eq(eventGuarantees.id, claimed.id));
  }
  if (outcome.kind === 'charged') ctx.reconciler.nudge();
}
