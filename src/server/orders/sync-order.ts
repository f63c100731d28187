import { eq } from 'drizzle-orm';
import { FIX_PAYMENT_WINDOW_MS } from '../../core/order-status';
import type { GatewayPaymentIntent, GatewaySetupIntent } from '../adapters/payments/payment-gateway';
import type { AppContext } from '../context';
import { pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderLink } from './order-access';
import { fixPaymentMail, orderChargedMail, orderReceivedMail } from './order-mail';
import { lockEventAndOrder, transitionOrder } from './transition-order';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'payments' | 'reconciler'>;

export function linkFor(ctx: Pick<AppContext, 'config'>, order: { id: number; eventId: number }): string {
  return orderLink(publicBaseUrl(ctx.config), ctx.config.sessionSecret, order);
}

/**
 * Brings an order in line with its PaymentIntent. The webhook, the client's call after confirming
 * and the reconciler's sweep all end here; whatever their order and however often they come, each
 * state is applied once, under the event's row lock.
 */
export async function syncPaymentIntent(ctx: Ctx, intent: GatewayPaymentIntent): Promise<void> {
  const [found] = await ctx.db
    .select({ id: pendingOrders.id, eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .where(eq(pendingOrders.stripePaymentIntentId, intent.id));
  if (!found) return;
  const now = ctx.now();
  const goalReached = await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, found.eventId, found.id);
    if (!event || !order || order.stripePaymentIntentId !== intent.id) return false;
    const link = linkFor(ctx, order);
    switch (intent.status) {
      case 'requires_capture': {
        if (order.status !== 'pending' && order.status !== 'failed') return false;
        if (!['approved', 'processing', 'confirmed'].includes(event.status)) {
          // Authorized after the event was called off: drop it; the release task frees the hold.
          await transitionOrder(tx, event, order, 'cancelled', {
            now,
            reason: 'event not taking orders',
            patch: { cancelledAt: now },
          });
          return false;
        }
        const result = await transitionOrder(tx, event, order, 'confirmed', {
          now,
          reason: order.status === 'failed' ? 'card authorized again' : 'card authorized',
          patch: { authorizedAt: now, failureMessage: null, fixPaymentDeadline: null },
        });
        await enqueueMail(tx, orderReceivedMail(result.order, result.event, link));
        return result.goalReached || event.status !== 'approved';
      }
      case 'succeeded': {
        if (!['pending', 'confirmed', 'failed'].includes(order.status)) return false;
        const result = await transitionOrder(tx, event, order, 'charged', {
          now,
          reason: 'payment captured',
          patch: {
            chargedAt: now,
            authorizedAt: order.authorizedAt ?? now,
            failureMessage: null,
            fixPaymentDeadline: null,
          },
        });
        await enqueueMail(tx, orderChargedMail(result.order, result.event, link));
        return result.goalReached;
      }
      case 'canceled': {
        if (order.status === 'cancelled') {
          if (!order.releasedAt)
            await tx.update(pendingOrders).set({ releasedAt: now }).where(eq(pendingOrders.id, order.id));
          return false;
        }
        if (order.status === 'pending') {
          await transitionOrder(tx, event, order, 'cancelled', {
            now,
            reason: 'payment abandoned',
            patch: { cancelledAt: now, releasedAt: now },
          });
          return false;
        }
        if (order.status === 'confirmed') {
          // A hold that lapsed (Stripe cancels it after ~7 days): it leaves the goal, and the diner is asked again.
          const result = await transitionOrder(tx, event, order, 'failed', {
            now,
            reason: 'hold lapsed',
            patch: {
              failureMessage: 'The authorization on your card expired.',
              fixPaymentDeadline: new Date(now.getTime() + FIX_PAYMENT_WINDOW_MS),
            },
          });
          await enqueueMail(tx, fixPaymentMail(result.order, result.event, link, 'lapsed'));
        }
        return false;
      }
      default:
        return false;
    }
  });
  if (goalReached) ctx.reconciler.nudge();
}

/** A card saved for later (mode `save`): the order counts toward the goal once the SetupIntent succeeded. */
export async function syncSetupIntent(ctx: Ctx, intent: GatewaySetupIntent): Promise<void> {
  if (intent.status !== 'succeeded') return;
  const [found] = await ctx.db
    .select({ id: pendingOrders.id, eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .where(eq(pendingOrders.stripeSetupIntentId, intent.id));
  if (!found) return;
  const now = ctx.now();
  const goalReached = await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, found.eventId, found.id);
    if (!event || !order || order.status !== 'pending') return false;
    if (!['approved', 'processing', 'confirmed'].includes(event.status)) {
      await transitionOrder(tx, event, order, 'cancelled', {
        now,
        reason: 'event not taking orders',
        patch: { cancelledAt: now, releasedAt: now },
      });
      return false;
    }
    const result = await transitionOrder(tx, event, order, 'confirmed', {
      now,
      reason: 'card saved',
      patch: {
        authorizedAt: now,
        stripePaymentMethodId: intent.paymentMethod,
        stripeCustomerId: intent.customer ?? order.stripeCustomerId,
      },
    });
    await enqueueMail(tx, orderReceivedMail(result.order, result.event, linkFor(ctx, order)));
    return result.goalReached || event.status !== 'approved';
  });
  if (goalReached) ctx.reconciler.nudge();
}

/** Asks the provider for the order's intent and applies what it says. */
export async function syncOrder(ctx: Ctx, orderId: number): Promise<void> {
  const [order] = await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  if (!order) return;
  if (order.stripePaymentIntentId) {
    await syncPaymentIntent(ctx, await ctx.payments.retrievePaymentIntent(order.stripePaymentIntentId));
  } else if (order.stripeSetupIntentId) {
    await syncSetupIntent(ctx, await ctx.payments.retrieveSetupIntent(order.stripeSetupIntentId));
  }
}
