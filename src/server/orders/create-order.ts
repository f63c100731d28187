import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { isTakingOrders, shouldChargeNow } from '../../core/event-status';
import { formatCents } from '../../core/money';
import { choosePaymentMode, MAX_ORDER_TOTAL_CENTS } from '../../core/order-status';
import { PLATFORM_FEE_PERCENTAGE, priceOrder } from '../../core/pricing';
import type { z } from '../../core/schemas/zod-messages';
import type { createPaymentIntentSchema } from '../../core/schemas/checkout';
import type { AppContext } from '../context';
import { eventMenuItems, events, menuItems, pendingOrderItems, pendingOrders } from '../db/schema';
import { recordTransition } from '../events/record-transition';
import { badRequest, conflict, isUniqueViolation, notFound } from '../http/errors';

type Input = z.output<typeof createPaymentIntentSchema>;
type Ctx = Pick<AppContext, 'db' | 'now' | 'payments'>;

/** Stripe's smallest charge in usd. */
const MIN_AMOUNT_CENTS = 50;

export interface CreatedOrder {
  orderId: number;
  clientSecret: string;
  amount: number;
  /** hold: the card is authorized now; save: it is saved and charged when the goal is met. */
  mode: 'hold' | 'save';
  /** The goal is already met: the card is charged at once. */
  chargeNow: boolean;
}

/**
 * A diner's pre-order: prices recomputed from the database, the order written, then its intent
 * created at the provider with a key derived from the order, so a retried request (same
 * Idempotency-Key) or a crash between the two steps never makes a second order or intent.
 */
export async function createOrder(
  ctx: Ctx,
  eventId: number,
  input: Input,
  owner: { visitorKey: string; idempotencyKey: string | undefined },
): Promise<CreatedOrder> {
  const now = ctx.now();
  const requestHash = hashRequest(input);
  if (owner.idempotencyKey) {
    const [existing] = await ctx.db
      .select()
      .from(pendingOrders)
      .where(and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.idempotencyKey, owner.idempotencyKey)));
    if (existing) {
      if (existing.ownerSessionKey !== owner.visitorKey) throw conflict('This request was already used');
      if (existing.requestHash !== requestHash) {
        throw conflict(
          'This Idempotency-Key was already used for a different order. Please start a new checkout.',
        );
      }
      return attachIntent(ctx, existing.id);
    }
  }

  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw notFound('Event not found');
  if (!isTakingOrders(event.status, now, event.startsAt)) {
    throw conflict(
      event.status === 'pending_approval'
        ? 'This event is waiting for the food truck to accept it and takes no orders yet'
        : 'This event is not taking orders',
    );
  }

  const ids = [...new Set(input.items.map((i) => i.menuItemId))];
  if (ids.length !== input.items.length) throw badRequest('Each menu item may appear once in the cart');
  const items = await ctx.db
    .select()
    .from(menuItems)
    .where(
      and(
        inArray(menuItems.id, ids),
        eq(menuItems.foodTruckId, event.foodTruckId),
        eq(menuItems.isActive, true),
      ),
    );
  const offered = await ctx.db
    .select({ id: eventMenuItems.menuItemId })
    .from(eventMenuItems)
    .where(eq(eventMenuItems.eventId, event.id));
  const offeredIds = new Set(offered.map((o) => o.id));
  if (items.length !== ids.length || (offeredIds.size > 0 && ids.some((id) => !offeredIds.has(id)))) {
    throw conflict('Some items in your cart are no longer on the menu. Please review your cart.');
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  const price = priceOrder(
    input.items.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      baseCents: byId.get(line.menuItemId)!.price,
    })),
    event.priceMarkupPercentage,
  );
  if (price.totalCents !== input.amount) {
    throw conflict(
      `Prices have changed: your order now comes to ${formatCents(price.totalCents)}. Please review your cart.`,
    );
  }
  if (input.platformFeePercentage !== undefined && input.platformFeePercentage !== PLATFORM_FEE_PERCENTAGE) {
    throw conflict('The platform fee has changed. Please reload the page.');
  }
  if (
    input.markupPercentage !== undefined &&
    Math.round(input.markupPercentage * 100) !== event.priceMarkupPercentage
  ) {
    throw conflict('The price markup has changed. Please reload the page.');
  }
  if (price.totalCents < MIN_AMOUNT_CENTS)
    throw badRequest(`The minimum order is ${formatCents(MIN_AMOUNT_CENTS)}`);
  if (price.totalCents > MAX_ORDER_TOTAL_CENTS) {
    throw badRequest(
      `An order can come to at most ${formatCents(MAX_ORDER_TOTAL_CENTS)}, the most a card can be charged at once. Please split it into smaller orders.`,
    );
  }

  // Past the goal, a new order is charged at once; before it, held, or saved when the start is far off.
  const chargeNow = shouldChargeNow(event.status);
  const mode = chargeNow ? 'hold' : choosePaymentMode(now, event.startsAt);
  let orderId: number;
  try {
    orderId = await ctx.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(pendingOrders)
        .values({
          eventId: event.id,
          customerName: input.customerName,
          customerEmail: input.customerEmail.toLowerCase(),
          mode,
          captureMethod: chargeNow ? 'automatic' : 'manual',
          requestHash,
          status: 'pending',
          totalAmount: price.totalCents,
          subtotalAmount: price.subtotalCents,
          ownerSessionKey: owner.visitorKey,
          idempotencyKey: owner.idempotencyKey ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(pendingOrderItems).values(
        price.lines.map((line) => ({
          pendingOrderId: order!.id,
          menuItemId: line.menuItemId,
          quantity: line.quantity,
          priceAtTime: line.unitCents,
          basePriceAtTime: line.baseCents,
        })),
      );
      await recordTransition(tx, { entity: 'order', id: order!.id, from: null, to: 'pending', at: now });
      return order!.id;
    });
  } catch (error) {
    // The same Idempotency-Key twice at once: the unique index lets one through; answer the other with it.
    if (isUniqueViolation(error) && owner.idempotencyKey) return createOrder(ctx, eventId, input, owner);
    throw error;
  }
  return attachIntent(ctx, orderId);
}

/** What the client asked for, canonically: the same Idempotency-Key must come with the same order. */
function hashRequest(input: Input): string {
  const canonical = {
    items: [...input.items].map((i) => [i.menuItemId, i.quantity]).sort((a, b) => a[0]! - b[0]!),
    name: input.customerName,
    email: input.customerEmail.toLowerCase(),
    amount: input.amount,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Creates (or, with the same key, finds again) the order's intent and answers its client secret. The
 * capture method was decided when the order was written, so a replay asks the provider for exactly the
 * same intent and gets the first one back.
 */
async function attachIntent(ctx: Ctx, orderId: number): Promise<CreatedOrder> {
  const [order] = await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  if (!order) throw notFound('Order not found');
  const immediate = order.captureMethod === 'automatic';
  const metadata = { orderId: String(order.id), eventId: String(order.eventId) };
  const answer = (clientSecret: string | null): CreatedOrder => ({
    orderId: order.id,
    clientSecret: clientSecret!,
    amount: order.totalAmount,
    mode: order.mode,
    chargeNow: order.mode === 'hold' && immediate,
  });
  // A replay after the intent was recorded answers that intent, even if a new payment replaced the first.
  if (order.mode === 'save' && order.stripeSetupIntentId && !order.stripePaymentIntentId) {
    return answer((await ctx.payments.retrieveSetupIntent(order.stripeSetupIntentId)).clientSecret);
  }
  if (order.stripePaymentIntentId) {
    const current = await ctx.payments.retrievePaymentIntent(order.stripePaymentIntentId);
    return {
      ...answer(current.clientSecret),
      mode: 'hold',
      chargeNow: current.captureMethod === 'automatic',
    };
  }
  if (order.mode === 'save') {
    const customer = order.stripeCustomerId
      ? { id: order.stripeCustomerId }
      : await ctx.payments.createCustomer({
          email: order.customerEmail,
          name: order.customerName,
          metadata,
          idempotencyKey: `customer:${order.id}`,
        });
    const setup = await ctx.payments.createSetupIntent({
      customer: customer.id,
      usage: 'off_session',
      metadata,
      idempotencyKey: `setup:${order.id}`,
    });
    await ctx.db
      .update(pendingOrders)
      .set({ stripeCustomerId: customer.id, stripeSetupIntentId: setup.id })
      .where(eq(pendingOrders.id, order.id));
    return answer(setup.clientSecret);
  }
  const intent = await ctx.payments.createPaymentIntent({
    amount: order.totalAmount,
    captureMethod: immediate ? 'automatic' : 'manual',
    description: `Pre-order #${order.id}`,
    metadata,
    idempotencyKey: `intent:${order.id}`,
  });
  await ctx.db
    .update(pendingOrders)
    .set({ stripePaymentIntentId: intent.id })
    .where(eq(pendingOrders.id, order.id));
  return answer(intent.clientSecret);
}
