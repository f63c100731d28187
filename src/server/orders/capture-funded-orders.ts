import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { FIX_PAYMENT_WINDOW_MS } from '../../core/order-status';
import {
  CardDeclinedError,
  IntentStateError,
  type GatewayPaymentIntent,
} from '../adapters/payments/payment-gateway';
import type { AppContext } from '../context';
import { events, pendingOrders } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { fixPaymentMail } from './order-mail';
import { linkFor, syncPaymentIntent } from './sync-order';
import { lockEventAndOrder, setEventStatus, transitionOrder } from './transition-order';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'payments' | 'reconciler'> & {
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};
type OrderRow = typeof pendingOrders.$inferSelect;

/** A claim older than this is taken as abandoned (the instance died mid-capture) and claimed again. */
export const CAPTURE_LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;

/**
 * Reconciler task: once an event's goal is met, charge every held order (capture) and every saved
 * card (an off-session charge), exactly once each. An order is claimed first (a conditional update
 * that skips rows another instance holds), then the provider is called with a key derived from the
 * order, then the result is recorded: a crash anywhere in between replays the same provider result.
 */
export async function captureFundedOrders(ctx: Ctx): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await claimBatch(ctx);
    if (claimed.length === 0) break;
    for (const order of claimed) {
      await chargeOrder(ctx, order);
      done++;
    }
  }
  await settleProcessingEvents(ctx);
  return done;
}

async function claimBatch(ctx: Ctx): Promise<OrderRow[]> {
  const now = ctx.now();
  const due = ctx.db
    .select({ id: pendingOrders.id })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .where(
      and(
        inArray(events.status, ['processing', 'confirmed']),
        eq(pendingOrders.status, 'confirmed'),
        or(
          isNull(pendingOrders.captureClaimedAt),
          lt(pendingOrders.captureClaimedAt, new Date(now.getTime() - CAPTURE_LEASE_MS)),
        ),
      ),
    )
    .orderBy(pendingOrders.id)
    .limit(BATCH)
    .for('update', { of: pendingOrders, skipLocked: true });
  return ctx.db
    .update(pendingOrders)
    .set({ captureClaimedAt: now, captureAttempts: sql`${pendingOrders.captureAttempts} + 1` })
    .where(inArray(pendingOrders.id, due))
    .returning();
}

async function chargeOrder(ctx: Ctx, order: OrderRow): Promise<void> {
  let intent: GatewayPaymentIntent;
  try {
    if (order.mode === 'save' && order.stripePaymentMethodId) {
      intent = await ctx.payments.createPaymentIntent({
        amount: order.totalAmount,
        captureMethod: 'automatic',
        customer: order.stripeCustomerId ?? undefined,
        paymentMethod: order.stripePaymentMethodId,
        offSession: true,
        confirm: true,
        description: `Pre-order #${order.id}`,
        metadata: { orderId: String(order.id), eventId: String(order.eventId) },
        idempotencyKey: `charge:${order.id}`,
      });
      await ctx.db
        .update(pendingOrders)
        .set({ stripePaymentIntentId: intent.id })
        .where(eq(pendingOrders.id, order.id));
    } else {
      intent = await ctx.payments.capturePaymentIntent(order.stripePaymentIntentId!, `capture:${order.id}`);
    }
  } catch (error) {
    if (error instanceof CardDeclinedError)
      return recordFailure(ctx, order, error.message, error.paymentIntentId);
    if (error instanceof IntentStateError && order.stripePaymentIntentId) {
      // Captured already (a replay after a crash, its key expired) or lapsed: the intent says which.
      intent = await ctx.payments.retrievePaymentIntent(order.stripePaymentIntentId);
    } else {
      // Network trouble or the provider's own outage, after the gateway's retries: the claim lapses
      // and a later run tries again with the same key.
      ctx.log.warn({ err: error, orderId: order.id }, 'charge deferred');
      return;
    }
  }
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
    return recordFailure(ctx, order, intent.lastPaymentError, intent.id);
  }
  await syncPaymentIntent(ctx, intent);
}

/** The charge was refused: the order leaves the goal and the diner gets 48 hours to pay again. */
async function recordFailure(
  ctx: Ctx,
  order: OrderRow,
  message: string,
  intentId: string | undefined,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const { event, order: current } = await lockEventAndOrder(tx, order.eventId, order.id);
    if (!event || !current || current.status !== 'confirmed') return;
    const result = await transitionOrder(tx, event, current, 'failed', {
      now,
      reason: 'charge declined',
      patch: {
        failureMessage: message,
        fixPaymentDeadline: new Date(now.getTime() + FIX_PAYMENT_WINDOW_MS),
        stripePaymentIntentId: intentId ?? current.stripePaymentIntentId,
      },
    });
    await enqueueMail(tx, fixPaymentMail(result.order, result.event, linkFor(ctx, current), 'declined'));
  });
}

/**
 * An event whose held orders are all charged or failed is settled: confirmed when what was charged
 * covers the goal; payment_failed when it does not and no diner can still fix their payment.
 */
export async function settleProcessingEvents(ctx: Pick<Ctx, 'db' | 'now'>): Promise<void> {
  const now = ctx.now();
  const processing = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.status, 'processing'));
  for (const { id } of processing) {
    await ctx.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!event || event.status !== 'processing') return;
      const orders = await tx
        .select({ status: pendingOrders.status, deadline: pendingOrders.fixPaymentDeadline })
        .from(pendingOrders)
        .where(and(eq(pendingOrders.eventId, id), inArray(pendingOrders.status, ['confirmed', 'failed'])));
      if (orders.some((o) => o.status === 'confirmed')) return;
      if (event.currentSales >= event.minimumSales) {
        await setEventStatus(tx, event, 'confirmed', now, 'every order charged');
      } else if (!orders.some((o) => o.deadline && o.deadline > now)) {
        await setEventStatus(tx, event, 'payment_failed', now, 'charges fell short of the goal');
      }
    });
  }
}
