import { and, eq, inArray, isNull, isNotNull, or } from 'drizzle-orm';
import { IntentStateError } from '../adapters/payments/payment-gateway';
import type { AppContext } from '../context';
import { events, pendingOrders } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderCancelledMail } from './order-mail';
import { lockEventAndOrder, transitionOrder } from './transition-order';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments'> & { log: { warn(obj: object, msg: string): void } };

/**
 * Reconciler task: every open order of a cancelled event is cancelled (diners with a held or saved
 * card are told), then every cancelled order's hold is released at the provider. Releasing is its
 * own step, so an order cancelled in a transaction is released even if the process died right after.
 */
export async function releaseCancelledOrders(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const open = await ctx.db
    .select({ id: pendingOrders.id, eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .where(
      and(
        inArray(events.status, ['cancelled', 'rejected']),
        inArray(pendingOrders.status, ['pending', 'confirmed', 'failed']),
      ),
    );
  for (const { id, eventId } of open) {
    await ctx.db.transaction(async (tx) => {
      const { event, order } = await lockEventAndOrder(tx, eventId, id);
      if (!event || !order || !['pending', 'confirmed', 'failed'].includes(order.status)) return;
      const wasHeld = order.status !== 'pending';
      const result = await transitionOrder(tx, event, order, 'cancelled', {
        now,
        reason: `event ${event.cancelReason ?? 'cancelled'}`,
        patch: { cancelledAt: now },
      });
      if (wasHeld) await enqueueMail(tx, orderCancelledMail(result.order, result.event, 'event'));
    });
  }

  const unreleased = await ctx.db
    .select()
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.status, 'cancelled'),
        isNull(pendingOrders.releasedAt),
        or(isNotNull(pendingOrders.stripePaymentIntentId), isNotNull(pendingOrders.stripeSetupIntentId)),
      ),
    );
  let released = 0;
  for (const order of unreleased) {
    try {
      if (order.stripePaymentIntentId) {
        await ctx.payments.cancelPaymentIntent(order.stripePaymentIntentId, `cancel:${order.id}`);
      }
    } catch (error) {
      if (!(error instanceof IntentStateError)) {
        ctx.log.warn({ err: error, orderId: order.id }, 'release deferred');
        continue;
      }
      // Already cancelled (or lapsed) at the provider: nothing is held any more.
    }
    await ctx.db.update(pendingOrders).set({ releasedAt: now }).where(eq(pendingOrders.id, order.id));
    released++;
  }
  return released;
}
