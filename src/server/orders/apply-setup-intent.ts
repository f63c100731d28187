import { eq } from 'drizzle-orm';
import { planSetupIntent, savedCard } from '../../core/saved-card-plan';
import type { GatewaySetupIntent } from '../adapters/payments/payment-gateway';
import { events, pendingOrders } from '../db/schema';
import { lockEventAndOrder } from '../engine/locks';
import { orderState } from '../engine/order-engine';
import { carryOutChange, countOrder } from './carry-out-payment-plan';
import type { EngineCtx } from './sync-order';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

/**
 * A card saved for later (mode `save`): the order counts toward the goal once its SetupIntent
 * succeeded, as `planSetupIntent` says: by the order path's single statement when it can, else under
 * the event's lock.
 */
export async function applySetupIntent(ctx: EngineCtx, intent: GatewaySetupIntent): Promise<void> {
  if (!savedCard(intent.status)) return;
  const [found] = await ctx.db
    .select({ order: pendingOrders, event: events })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .where(eq(pendingOrders.stripeSetupIntentId, intent.id));
  if (!found) return;
  const now = ctx.now();
  const state = ({ order, event }: { order: OrderRow; event: EventRow }) => ({
    order: { ...orderState(order), stripeCustomerId: order.stripeCustomerId },
    event,
    intent,
    now,
  });
  const plan = planSetupIntent(state(found), 'none');
  if (plan.kind === 'settled') return;
  if (plan.kind === 'count' && (await countOrder(ctx, found, plan.change, now))) return;
  const nudge = await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, found.order.eventId, found.order.id);
    if (!event || !order) return false;
    const locked = planSetupIntent(state({ order, event }), 'event');
    return locked.kind === 'change' && carryOutChange(ctx, tx, { order, event }, locked.change, now);
  });
  if (nudge) ctx.reconciler.nudge();
}

/** Asks the provider for the SetupIntent and applies what it says. */
export async function syncSetupIntentById(ctx: EngineCtx, id: string): Promise<void> {
  await applySetupIntent(ctx, await ctx.payments.retrieveSetupIntent(id));
}
