import { eq } from 'drizzle-orm';
import { acceptsHolds, isTakingOrders, shouldChargeNow } from '../../core/event-status';
import { fixPaymentDeadline, type OrderStatus } from '../../core/order-status';
import type { GatewayPaymentIntent, GatewaySetupIntent } from '../adapters/payments/payment-gateway';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { events, pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { CLAIM_LEASE_MS } from '../jobs/claim-lease';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderLink } from '../access/order-access';
import { fixPaymentMail, orderCancelledMail, orderChargedMail, orderReceivedMail } from './order-mail';
import { addOrderToGoal } from '../engine/goal-fast-path';
import { handleUnrecordedPayment, settleOrphanPayment } from './unowned-payments';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { loadOrderLines, orderQueries } from './order-queries';
import { lockEventAndOrder, lockOrderOnly } from '../engine/locks';
import { transitionOrder } from '../engine/order-engine';

export type EngineCtx = Pick<AppContext, 'db' | 'now' | 'config' | 'payments' | 'reconciler' | 'log'>;
type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;
export interface OrderWithEvent {
  order: OrderRow;
  event: EventRow;
}
/** An order as its caller just read it, with its event when the caller read that too. */
export interface KnownOrder {
  order: OrderRow;
  event?: EventRow | undefined;
}

export async function findOrderOfIntent(
  ctx: Pick<EngineCtx, 'db'>,
  intentId: string,
): Promise<OrderWithEvent | undefined> {
  const [found] = await orderQueries(ctx.db).orderOfIntent.execute({ intentId });
  return found;
}

export function linkFor(ctx: Pick<AppContext, 'config'>, order: { id: number; eventId: number }): string {
  return orderLink(publicBaseUrl(ctx.config), ctx.config.sessionSecret, order);
}

/**
 * Brings an order in line with its PaymentIntent as the provider reports it now. The provider is the
 * source of truth: the webhook, the client's call after confirming, the capture fan-out and the sweep
 * all pass an intent they have just retrieved (or that a call just answered), never a webhook's payload.
 * Whatever their order and however often they come, each state is applied once, under the event's lock.
 * A charge on an order that must not be charged is kept as `charged`, marked for refund, and alerted.
 */
export async function applyPaymentIntent(
  ctx: EngineCtx,
  intent: GatewayPaymentIntent,
  /**
   * The order (and its event) as the caller just read them (every write below re-checks them). When
   * the order already says what the intent says, nothing more is read; otherwise both are read here if
   * the caller has no event.
   */
  known?: KnownOrder,
): Promise<boolean> {
  try {
    return await applyIntentToOrder(ctx, intent, known);
  } catch (error) {
    // The provider holds or took money that the order could not record: never leave it silent.
    if (intent.status !== 'succeeded' && intent.status !== 'requires_capture') throw error;
    // Unless the database is only out of reach for a moment (a restart): the money stays where it is
    // and this is applied again by whoever asks next (the diner's retry, the webhook's redelivery, the
    // sweep). Giving it back would cancel a good order for a blip (decision 139).
    if (isDatabaseUnavailable(error)) throw error;
    return handleUnrecordedPayment(ctx, intent, known?.order, error);
  }
}

async function applyIntentToOrder(
  ctx: EngineCtx,
  intent: GatewayPaymentIntent,
  known: KnownOrder | undefined,
): Promise<boolean> {
  if (known && alreadyReflects(known.order.status, intent.status)) return false;
  const found = known?.event
    ? { order: known.order, event: known.event }
    : await findOrderOfIntent(ctx, intent.id);
  if (!found) {
    await settleOrphanPayment(ctx, intent);
    return false;
  }
  if (alreadyReflects(found.order.status, intent.status)) return false;
  if (intent.status === 'succeeded' && (await chargeHeldOrder(ctx, found.order, intent))) return true;
  if (await countPayment(ctx, found.order, found.event, intent)) return true;
  const now = ctx.now();
  const baseUrl = publicBaseUrl(ctx.config);
  let wrongfulCharge = false;
  let orphaned = false;
  const nudge = await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, found.order.eventId, found.order.id);
    if (!event || !order) return false;
    if (order.stripePaymentIntentId !== intent.id) {
      orphaned = true;
      return false;
    }
    const link = linkFor(ctx, order);
    const options = { now, baseUrl };
    const takingOrders = isTakingOrders(event.status, now, event.startsAt);
    switch (intent.status) {
      case 'requires_capture': {
        if (order.status === 'cancelling' && !order.authorizedAt) {
          // Authorized just as its event was called off: the release to come is told to the diner.
          await tx
            .update(pendingOrders)
            .set({ authorizedAt: now, updatedAt: now })
            .where(eq(pendingOrders.id, order.id));
          return true;
        }
        if (order.status !== 'pending' && order.status !== 'failed') return false;
        if (!takingOrders) {
          // Authorized after the event ended or started: it never counts, and the release task frees it.
          await transitionOrder(tx, event, order, 'cancelling', {
            ...options,
            reason: acceptsHolds(event.status)
              ? 'authorized after the start'
              : 'authorized after the event ended',
            patch: { cancelRequestedBy: 'event', authorizedAt: now },
          });
          return true;
        }
        const result = await transitionOrder(tx, event, order, 'confirmed', {
          ...options,
          reason: order.status === 'failed' ? 'card authorized again' : 'card authorized',
          patch: {
            authorizedAt: now,
            failureMessage: null,
            fixPaymentDeadline: null,
            captureClaimedAt: null,
          },
        });
        await enqueueMail(
          tx,
          orderReceivedMail(result.order, result.event, link, await loadOrderLines(tx, [order.id])),
        );
        // Past the goal, the capture fan-out takes it at once.
        return result.event.status !== 'approved';
      }
      case 'succeeded': {
        if (order.status === 'charged' || order.status === 'refunded') return false;
        // A held order of a funded event is captured whenever the fan-out gets to it; a new payment
        // (pending, or paying again) counts only while the event takes orders, before its start.
        const isNewPayment = order.status === 'pending' || order.status === 'failed';
        const mustNotCharge =
          order.status === 'cancelling' ||
          order.status === 'cancelled' ||
          (isNewPayment ? !takingOrders : !acceptsHolds(event.status));
        const patch = {
          chargedAt: now,
          authorizedAt: order.authorizedAt ?? now,
          failureMessage: null,
          fixPaymentDeadline: null,
        };
        if (mustNotCharge) {
          wrongfulCharge = true;
          const reason =
            order.status === 'cancelling' || order.status === 'cancelled'
              ? 'charged after cancellation'
              : acceptsHolds(event.status)
                ? 'charged after the start'
                : `charged after the event ${event.status === 'payment_failed' ? 'failed' : 'ended'}`;
          await transitionOrder(tx, event, order, 'charged', {
            ...options,
            reason,
            patch: { ...patch, refundDueAt: now, refundReason: reason },
          });
          return true;
        }
        const result = await transitionOrder(tx, event, order, 'charged', {
          ...options,
          reason: 'payment captured',
          patch,
        });
        await enqueueMail(
          tx,
          orderChargedMail(result.order, result.event, link, await loadOrderLines(tx, [order.id])),
        );
        return result.goalReached;
      }
      case 'canceled':
        return applyCanceled(tx, event, order, intent, now, baseUrl, link);
      case 'requires_payment_method': {
        // A capture the card refused: the order leaves the goal and the diner has 48 hours to pay again.
        if (order.status !== 'confirmed' || !intent.lastPaymentError) return false;
        const result = await transitionOrder(tx, event, order, 'failed', {
          ...options,
          reason: 'charge declined',
          patch: {
            failureMessage: intent.lastPaymentError,
            fixPaymentDeadline: fixPaymentDeadline(now, event.startsAt),
            captureClaimedAt: null,
          },
        });
        await enqueueMail(tx, fixPaymentMail(result.order, result.event, link, 'declined'));
        return true;
      }
      default:
        return false;
    }
  });
  if (orphaned) await settleOrphanPayment(ctx, intent);
  if (wrongfulCharge) {
    ctx.log.error(
      {
        alert: 'wrongful-charge',
        orderId: found.order.id,
        eventId: found.order.eventId,
        paymentIntentId: intent.id,
      },
      'a charge landed on an order that must not be charged: refunding it',
    );
  }
  if (nudge) ctx.reconciler.nudge();
  return true;
}

/**
 * What a sync finds already done: the order is past what this intent status could change (the locking
 * path would change nothing either), so neither a lock nor a write is needed. A second delivery of the
 * same news (the card form's answer, then the browser's sync call, then the webhook) ends here.
 */
function alreadyReflects(order: OrderStatus, intent: GatewayPaymentIntent['status']): boolean {
  if (intent === 'requires_capture') return order !== 'pending' && order !== 'failed';
  if (intent === 'succeeded') return order === 'charged' || order === 'refunded';
  return false;
}

/**
 * The order path's common case, without the event's row lock (docs/decisions/088-orders-without-an-event-lock.md):
 * a card held, or charged at once past the goal, on an order of an event that takes orders. One
 * statement counts it (addOrderToGoal); answers false when that case doesn't hold, for the locking path.
 */
async function countPayment(
  ctx: EngineCtx,
  order: OrderRow,
  event: EventRow,
  intent: GatewayPaymentIntent,
): Promise<boolean> {
  if (order.status !== 'pending' && order.status !== 'failed') return false;
  const now = ctx.now();
  if (!isTakingOrders(event.status, now, event.startsAt)) return false;
  const link = linkFor(ctx, order);
  if (intent.status === 'requires_capture') {
    const patch = {
      authorizedAt: now,
      failureMessage: null,
      fixPaymentDeadline: null,
      captureClaimedAt: null,
    };
    const after = { ...order, ...patch, status: 'confirmed' as const };
    const added = await addOrderToGoal(ctx.db, order, 'confirmed', {
      now,
      reason: order.status === 'failed' ? 'card authorized again' : 'card authorized',
      patch,
      mail: orderReceivedMail(after, event, link, await loadOrderLines(ctx.db, [order.id])),
    });
    if (!added) return false;
    // Past the goal, the capture fan-out takes it at once.
    if (added.eventStatus !== 'approved') ctx.reconciler.nudge();
    return true;
  }
  if (intent.status === 'succeeded') {
    const patch = {
      chargedAt: now,
      authorizedAt: order.authorizedAt ?? now,
      failureMessage: null,
      fixPaymentDeadline: null,
    };
    const after = { ...order, ...patch, status: 'charged' as const };
    const added = await addOrderToGoal(ctx.db, order, 'charged', {
      now,
      reason: 'payment captured',
      patch,
      mail: orderChargedMail(after, event, link, await loadOrderLines(ctx.db, [order.id])),
    });
    return added !== null;
  }
  return false;
}

/**
 * The capture fan-out's common case, without the event's row lock: a held order of a funded event is
 * charged. Its food already counts toward the goal, so neither the event's sales nor its status change,
 * and a thousand captures of one event need not queue on one row. The order's own lock keeps it exact
 * against a call-off: whichever commits first, the other sees it (and a charge after the call-off is
 * refunded by the full path). Answers false when the case doesn't hold, for the full path to handle.
 */
async function chargeHeldOrder(
  ctx: EngineCtx,
  found: OrderRow,
  intent: GatewayPaymentIntent,
): Promise<boolean> {
  if (found.status !== 'confirmed' || found.refundDueAt) return false;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { event, order } = await lockOrderOnly(tx, found.id, found.eventId);
    if (!order || !event || order.stripePaymentIntentId !== intent.id) return false;
    if (order.status !== 'confirmed' || order.refundDueAt) return false;
    if (!shouldChargeNow(event.status)) return false;
    const result = await transitionOrder(tx, event, order, 'charged', {
      eventLocked: false,
      now,
      baseUrl: publicBaseUrl(ctx.config),
      reason: 'payment captured',
      patch: { chargedAt: now, failureMessage: null, fixPaymentDeadline: null },
    });
    await enqueueMail(
      tx,
      orderChargedMail(result.order, result.event, linkFor(ctx, order), await loadOrderLines(tx, [order.id])),
    );
    return true;
  });
}

async function applyCanceled(
  tx: Tx,
  event: EventRow,
  order: OrderRow,
  intent: GatewayPaymentIntent,
  now: Date,
  baseUrl: string,
  link: string,
): Promise<boolean> {
  const options = { now, baseUrl };
  switch (order.status) {
    case 'pending':
      await transitionOrder(tx, event, order, 'cancelled', {
        ...options,
        reason: 'payment abandoned',
        patch: { cancelledAt: now, releasedAt: now },
      });
      return false;
    case 'cancelling':
      // A card was confirmed on the intent (it names a payment method) even if we never recorded it.
      await finishRelease(tx, event, order, now, baseUrl, intent.paymentMethod !== null);
      return false;
    case 'confirmed': {
      // A hold that lapsed (Stripe cancels it after about 7 days): it leaves the goal; the diner is asked again.
      const result = await transitionOrder(tx, event, order, 'failed', {
        ...options,
        reason: 'hold lapsed',
        patch: {
          failureMessage: 'The authorization on your card expired.',
          fixPaymentDeadline: fixPaymentDeadline(now, event.startsAt),
          captureClaimedAt: null,
        },
      });
      await enqueueMail(tx, fixPaymentMail(result.order, result.event, link, 'lapsed'));
      return true;
    }
    case 'failed': {
      if (order.fixPaymentDeadline && order.fixPaymentDeadline > now) return false;
      const result = await transitionOrder(tx, event, order, 'cancelled', {
        ...options,
        reason: 'payment not fixed in time',
        patch: { cancelledAt: now, releasedAt: now },
      });
      await enqueueMail(tx, orderCancelledMail(result.order, result.event, 'unpaid'));
      return true;
    }
    default:
      return false;
  }
}

/**
 * A `cancelling` order whose hold the provider has released (or that held nothing): it is cancelled,
 * and a diner who had a card held or saved (or confirmed one, even if that was never recorded) is told.
 */
export async function finishRelease(
  tx: Tx,
  event: EventRow,
  order: OrderRow,
  now: Date,
  baseUrl: string,
  cardConfirmed = false,
) {
  const why = order.cancelRequestedBy ?? 'event';
  const result = await transitionOrder(tx, event, order, 'cancelled', {
    now,
    baseUrl,
    reason:
      why === 'diner'
        ? 'cancelled by diner'
        : why === 'unpaid'
          ? 'payment not fixed in time'
          : 'released: event ended',
    patch: {
      cancelledAt: now,
      releasedAt: now,
      ...(cardConfirmed && !order.authorizedAt ? { authorizedAt: now } : {}),
    },
  });
  if (order.authorizedAt || cardConfirmed) {
    await enqueueMail(tx, orderCancelledMail(result.order, result.event, why));
  }
}

/** A card saved for later (mode `save`): the order counts toward the goal once the SetupIntent succeeded. */
export async function applySetupIntent(ctx: EngineCtx, intent: GatewaySetupIntent): Promise<void> {
  if (intent.status !== 'succeeded') return;
  const [found] = await ctx.db
    .select({ order: pendingOrders, event: events })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .where(eq(pendingOrders.stripeSetupIntentId, intent.id));
  if (!found || found.order.status !== 'pending') return;
  const now = ctx.now();
  const saved = {
    authorizedAt: now,
    stripePaymentMethodId: intent.paymentMethod,
    stripeCustomerId: intent.customer ?? found.order.stripeCustomerId,
  };
  if (isTakingOrders(found.event.status, now, found.event.startsAt)) {
    // The common case without the event's lock (docs/decisions/088-orders-without-an-event-lock.md).
    const after = { ...found.order, ...saved, status: 'confirmed' as const };
    const added = await addOrderToGoal(ctx.db, found.order, 'confirmed', {
      now,
      reason: 'card saved',
      patch: saved,
      mail: orderReceivedMail(
        after,
        found.event,
        linkFor(ctx, found.order),
        await loadOrderLines(ctx.db, [found.order.id]),
      ),
    });
    if (added) {
      if (added.eventStatus !== 'approved') ctx.reconciler.nudge();
      return;
    }
  }
  const baseUrl = publicBaseUrl(ctx.config);
  const nudge = await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, found.order.eventId, found.order.id);
    if (!event || !order || order.status !== 'pending') return false;
    if (!isTakingOrders(event.status, now, event.startsAt)) {
      // Nothing is held on a saved card: the order simply ends.
      await transitionOrder(tx, event, order, 'cancelled', {
        now,
        baseUrl,
        reason: 'card saved after the event ended',
        patch: { cancelledAt: now, releasedAt: now },
      });
      return false;
    }
    const result = await transitionOrder(tx, event, order, 'confirmed', {
      now,
      baseUrl,
      reason: 'card saved',
      patch: { ...saved, stripeCustomerId: intent.customer ?? order.stripeCustomerId },
    });
    await enqueueMail(
      tx,
      orderReceivedMail(
        result.order,
        result.event,
        linkFor(ctx, order),
        await loadOrderLines(tx, [order.id]),
      ),
    );
    return result.event.status !== 'approved';
  });
  if (nudge) ctx.reconciler.nudge();
}

/** Asks the provider for the intent and applies what it says (webhooks carry only its id for us). */
export async function syncPaymentIntentById(ctx: EngineCtx, id: string): Promise<void> {
  await applyPaymentIntent(ctx, await ctx.payments.retrievePaymentIntent(id));
}

/**
 * Order statuses that a payment event of each type can no longer change: the event is old news, so
 * its handler need not ask the provider (each retrieve counts against the provider's rate limit, and a
 * capture fan-out would otherwise double its calls). Anything else is checked with the provider.
 */
const SETTLED_FOR_EVENT: Record<string, readonly OrderStatus[]> = {
  'payment_intent.succeeded': ['charged', 'refunded'],
  'payment_intent.amount_capturable_updated': ['confirmed', 'charged', 'refunded', 'cancelled'],
  'payment_intent.canceled': ['cancelled', 'refunded'],
  'payment_intent.payment_failed': ['failed', 'charged', 'refunded', 'cancelled'],
};

/** A webhook (or simulator) event about an intent: synced with the provider unless it is old news. */
export async function syncAfterPaymentEvent(ctx: EngineCtx, type: string, intentId: string): Promise<void> {
  const found = await findOrderOfIntent(ctx, intentId);
  if (!found) {
    // No order owns this intent (it was replaced, or its order is gone): if it holds or took money,
    // that money is given back (applyPaymentIntent settles it as an orphan).
    if (type === 'payment_intent.succeeded' || type === 'payment_intent.amount_capturable_updated') {
      await applyPaymentIntent(ctx, await ctx.payments.retrievePaymentIntent(intentId));
    }
    return;
  }
  if (SETTLED_FOR_EVENT[type]?.includes(found.order.status)) return;
  // A capture in flight: its claimant records the result it got (and if it dies, whoever takes the
  // lapsed claim over replays the capture and records it), so the webhook need not ask again.
  const { status, captureClaimedAt } = found.order;
  const claimIsLive =
    captureClaimedAt !== null && captureClaimedAt.getTime() > ctx.now().getTime() - CLAIM_LEASE_MS;
  if (type === 'payment_intent.succeeded' && status === 'confirmed' && claimIsLive) return;
  await applyPaymentIntent(ctx, await ctx.payments.retrievePaymentIntent(intentId), found);
}

export async function syncSetupIntentById(ctx: EngineCtx, id: string): Promise<void> {
  await applySetupIntent(ctx, await ctx.payments.retrieveSetupIntent(id));
}

/**
 * Asks the provider for the order's intent and applies what it says. Answers false when the order
 * already said as much (nothing was written), true when it may have changed.
 */
export async function syncOrder(
  ctx: EngineCtx,
  /** The order's id, the order as the caller read it, or a `KnownOrder` to trust as just read. */
  orderOrId: number | OrderRow | KnownOrder,
): Promise<boolean> {
  const known = typeof orderOrId === 'object' && 'order' in orderOrId ? orderOrId : undefined;
  const order =
    typeof orderOrId === 'number'
      ? (await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderOrId)))[0]
      : (known?.order ?? (orderOrId as OrderRow));
  if (!order) return false;
  if (order.stripePaymentIntentId) {
    const intent = await ctx.payments.retrievePaymentIntent(order.stripePaymentIntentId);
    return applyPaymentIntent(ctx, intent, known);
  }
  if (order.stripeSetupIntentId) {
    await syncSetupIntentById(ctx, order.stripeSetupIntentId);
    return true;
  }
  return false;
}
