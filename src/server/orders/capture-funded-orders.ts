import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CHARGE_NOW_EVENT_STATUSES } from '../../core/event-status';
import { planChargeCall } from '../../core/charge-call';
import { asCurrency, providerCurrency } from '../../core/currency';
import { chargeDeclined } from '../../core/payment-plan';
import { planSettlement } from '../../core/status-plan';
import {
  CardDeclinedError,
  IntentStateError,
  type GatewayPaymentIntent,
} from '../adapters/payments/payment-gateway';
import { unclaimed } from '../db/claim-rows';
import { perDatabase } from '../db/prepared';
import { events, pendingOrders } from '../db/schema';
import { guaranteeCharged } from '../guarantees/guarantee-queries';
import { carryOutEventPlan } from '../engine/event-engine';
import { CLAIM_LEASE_MS, keepRenewing } from '../jobs/claim-lease';
import { runPool } from '../jobs/run-pool';
import { publicBaseUrl } from '../http/public-url';
import { carryOutChange } from './carry-out-payment-plan';
import { applyPaymentIntent, type EngineCtx } from './sync-order';
import { lockEventAndOrder } from '../engine/locks';
import { orderState } from '../engine/order-engine';

type OrderRow = typeof pendingOrders.$inferSelect;

const BATCH = 200;

/**
 * Reconciler task: once an event's goal is met, charge every held order (capture) and every saved
 * card (an off-session charge), exactly once each, many at a time, paced by the provider's rate limit
 * that every instance shares. An order is claimed first (a conditional update that skips rows another
 * instance holds, with a lease this instance renews while it works), then the provider is called with
 * a key derived from the order, then the result is recorded: a crash anywhere in between replays the
 * same provider result once another instance takes the lapsed claim over.
 */
export async function captureFundedOrders(ctx: EngineCtx): Promise<number> {
  const token = randomUUID();
  let done = 0;
  for (;;) {
    const claimed = await claimBatch(ctx, token);
    if (claimed.length === 0) break;
    const working = new Set(claimed.map((o) => o.id));
    const stopRenewing = keepRenewing(
      () =>
        working.size > 0 && !ctx.reconciler.halted
          ? renewClaims(ctx, token, [...working])
          : Promise.resolve(),
      (error) => ctx.log.warn({ err: error }, 'capture claim renewal failed'),
    );
    try {
      await runPool(claimed, ctx.config.payments.captureConcurrency, async (order) => {
        // A stopping instance starts nothing new; its claims lapse to the others.
        if (ctx.reconciler.halted) return;
        await chargeOrder(ctx, order, token);
        working.delete(order.id);
        done++;
      });
    } finally {
      stopRenewing();
    }
    if (ctx.reconciler.halted) {
      // A clean stop hands its untouched claims back; a crash (halt) leaves them to lapse.
      if (ctx.reconciler.stopping && working.size > 0) await releaseClaims(ctx, token, [...working]);
      return done;
    }
  }
  await settleFundedEvents(ctx);
  return done;
}

async function claimBatch(ctx: EngineCtx, token: string): Promise<OrderRow[]> {
  const now = ctx.now();
  const due = ctx.db
    .select({ id: pendingOrders.id })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .where(
      and(
        inArray(events.status, [...CHARGE_NOW_EVENT_STATUSES]),
        eq(pendingOrders.status, 'confirmed'),
        isNull(pendingOrders.refundDueAt),
        unclaimed(pendingOrders.captureClaimedAt, now, CLAIM_LEASE_MS),
      ),
    )
    .orderBy(pendingOrders.id)
    .limit(BATCH)
    .for('update', { of: pendingOrders, skipLocked: true });
  return ctx.db
    .update(pendingOrders)
    .set({
      captureClaimedAt: now,
      captureClaimToken: token,
      captureAttempts: sql`${pendingOrders.captureAttempts} + 1`,
    })
    .where(inArray(pendingOrders.id, due))
    .returning();
}

async function releaseClaims(ctx: EngineCtx, token: string, ids: number[]): Promise<void> {
  await ctx.db
    .update(pendingOrders)
    .set({ captureClaimedAt: null })
    .where(and(inArray(pendingOrders.id, ids), eq(pendingOrders.captureClaimToken, token)))
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'capture claims left to lapse'));
}

async function renewClaims(ctx: EngineCtx, token: string, ids: number[]): Promise<void> {
  await ctx.db
    .update(pendingOrders)
    .set({ captureClaimedAt: ctx.now() })
    .where(
      and(
        inArray(pendingOrders.id, ids),
        eq(pendingOrders.captureClaimToken, token),
        eq(pendingOrders.status, 'confirmed'),
      ),
    );
}

/**
 * The last look before money moves: the order is still held, still this claim's, not owed back, and its
 * event still funded. A call-off commits under the event's lock and moves every held order on, so from
 * its commit on no capture starts; only those already at the provider can land (and are refunded).
 */
async function stillChargeable(ctx: EngineCtx, order: OrderRow, token: string): Promise<boolean> {
  const rows = await recheck(ctx.db).execute({ id: order.id, token, now: ctx.now() });
  return rows.length > 0;
}

/** The re-check runs once per capture: built and prepared once per database (decision 095). */
const recheck = perDatabase((db) =>
  db
    .update(pendingOrders)
    .set({ captureClaimedAt: sql`${sql.placeholder('now')}` })
    .where(
      and(
        eq(pendingOrders.id, sql.placeholder('id')),
        eq(pendingOrders.captureClaimToken, sql.placeholder('token')),
        eq(pendingOrders.status, 'confirmed'),
        isNull(pendingOrders.refundDueAt),
        sql`exists (select 1 from ${events} where ${events.id} = ${pendingOrders.eventId}
                     and ${events.status} in ('processing', 'confirmed'))`,
      ),
    )
    .returning({ id: pendingOrders.id })
    .prepare('capture_still_chargeable'),
);

async function chargeOrder(ctx: EngineCtx, order: OrderRow, token: string): Promise<void> {
  let intent: GatewayPaymentIntent;
  if (!(await stillChargeable(ctx, order, token))) return;
  const call = planChargeCall({
    id: order.id,
    eventId: order.eventId,
    mode: order.mode,
    totalCents: order.totalAmount,
    currency: providerCurrency(asCurrency(order.currency)),
    paymentIntentId: order.stripePaymentIntentId,
    paymentMethodId: order.stripePaymentMethodId,
    customerId: order.stripeCustomerId,
  });
  if (call.kind === 'none') return;
  try {
    if (call.kind === 'charge') {
      intent = await ctx.payments.createPaymentIntent(call.request);
      await ctx.db
        .update(pendingOrders)
        .set({ stripePaymentIntentId: intent.id })
        .where(eq(pendingOrders.id, order.id));
    } else {
      intent = await ctx.payments.capturePaymentIntent(call.paymentIntentId, call.idempotencyKey);
    }
  } catch (error) {
    if (error instanceof CardDeclinedError) {
      return recordFailure(ctx, order, error.message, error.paymentIntentId);
    }
    const intentId = order.stripePaymentIntentId;
    if (!(error instanceof IntentStateError) || !intentId) {
      // Network trouble or the provider's own outage, after the gateway's retries: the claim lapses
      // and a later run tries again with the same key.
      ctx.log.warn({ err: error, orderId: order.id }, 'charge deferred');
      return;
    }
    // Captured already (a replay after a crash, its key expired) or lapsed: the intent says which.
    try {
      intent = await ctx.payments.retrievePaymentIntent(intentId);
    } catch (retrieveError) {
      ctx.log.warn({ err: retrieveError, orderId: order.id }, 'charge deferred');
      return;
    }
  }
  try {
    await applyPaymentIntent(ctx, intent);
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'charge recorded later');
  }
}

/**
 * The charge was refused: the planner's "charge declined" (`chargeDeclined`, the same move, columns and
 * mail as a capture's intent reporting the refusal), carried out under the event's lock. As before, it
 * wakes no reconciler (its `nudge`): this is the reconciler, and this pass settles funded events at its end.
 */
async function recordFailure(
  ctx: EngineCtx,
  order: OrderRow,
  message: string,
  intentId: string | undefined,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const { event, order: current } = await lockEventAndOrder(tx, order.eventId, order.id);
    if (!event || !current || current.status !== 'confirmed') return;
    const change = chargeDeclined({ order: orderState(current), event, now }, message, intentId);
    await carryOutChange(ctx, tx, { order: current, event }, change, now);
  });
}

/**
 * Settlement, bounded (docs/decisions/015-money-engine.md): an event whose held orders have all been
 * charged or refused is `confirmed` as soon as what was charged covers the goal. Below the goal it keeps
 * taking orders while refused diners may pay again; when the last of their 48-hour windows ends, or at
 * the event's start if sooner, it is `confirmed` if the charges cover the goal, else `payment_failed`,
 * and every charge is refunded.
 */
export async function settleFundedEvents(ctx: Pick<EngineCtx, 'db' | 'now' | 'config'>): Promise<void> {
  const now = ctx.now();
  const processing = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.status, 'processing'));
  for (const { id } of processing) {
    await ctx.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, id)).for('no key update');
      if (!event) return;
      const open = await tx
        .select({ status: pendingOrders.status, deadline: pendingOrders.fixPaymentDeadline })
        .from(pendingOrders)
        .where(
          and(
            eq(pendingOrders.eventId, id),
            inArray(pendingOrders.status, ['confirmed', 'failed']),
            isNull(pendingOrders.refundDueAt),
          ),
        );
      const settlement = planSettlement(
        {
          id: event.id,
          status: event.status,
          currentSalesCents: event.currentSales,
          minimumSalesCents: event.minimumSales,
          startsAt: event.startsAt,
          guaranteed: await guaranteeCharged(tx, id),
        },
        open,
        now,
      );
      if (settlement.kind === 'settle') {
        await carryOutEventPlan(tx, event, settlement.plan, { now, baseUrl: publicBaseUrl(ctx.config) });
      }
    });
  }
}
