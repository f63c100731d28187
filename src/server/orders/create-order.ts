import { and, eq } from 'drizzle-orm';
import { isTakingOrders, shouldChargeNow } from '../../core/event-status';
import { asCurrency, providerCurrency } from '../../core/currency';
import { centsToDecimal, formatCents, parseDecimalToCents } from '../../core/money';
import { chargeRefusal } from '../../core/currency-limits';
import { choosePaymentMode, MAX_EVENT_SALES_CENTS } from '../../core/order-status';
import {
  percentageToBasisPoints,
  PLATFORM_FEE_PERCENTAGE,
  priceOrder,
  splitOrderPrice,
} from '../../core/pricing';
import { computeSalesTax, decideTip } from '../../core/tips-and-tax';
import type { z } from '../../core/schemas/zod-messages';
import type { createPaymentIntentSchema } from '../../core/schemas/checkout';
import type { AppContext } from '../context';
import { pendingOrders } from '../db/schema';
import { isUniqueViolationOf } from '../db/unique-violation';
import { DomainError } from '../domain-error';
import { limitError } from '../money-limits';
import { stockConflict, stockExhaustion } from './item-stock';
import type { Language } from '../../core/language';
import { placeOrderStatement } from '../engine/place-order';
import { hashRequest } from './checkout-request-hash';
import * as funding from '../funding/checkout-funding';
import {
  checkoutPickup,
  pickupSlotConflict,
  pickupSlotRefusal,
  type CheckoutPickup,
} from '../pickup/pickup-slots';
import { loadEventWithCart, orderQueries, type EventWithCart } from './order-queries';

type Input = z.output<typeof createPaymentIntentSchema>;
type OrderRow = typeof pendingOrders.$inferSelect;
/** What attaching an intent needs of an order. */
type IntentOwner = Pick<
  OrderRow,
  'id' | 'eventId' | 'mode' | 'captureMethod' | 'totalAmount' | 'customerEmail' | 'customerName'
> &
  Partial<Pick<OrderRow, 'stripePaymentIntentId' | 'stripeSetupIntentId' | 'stripeCustomerId' | 'currency'>>;
type Ctx = Pick<AppContext, 'db' | 'now' | 'payments'>;

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
 * Idempotency-Key) or a crash between the two steps never makes a second order or intent. The order,
 * its lines and its first transition are one statement, and nothing here locks the event
 * (docs/decisions/088-orders-without-an-event-lock.md).
 */
export async function createOrder(
  ctx: Ctx,
  /** The event and the cart as the route just read them (loadEventWithCart), or the event's id. */
  target: EventWithCart | number | undefined,
  input: Input,
  owner: { visitorKey: string; idempotencyKey: string | undefined; language?: Language },
): Promise<CreatedOrder> {
  const found = typeof target === 'number' ? await loadEventWithCart(ctx, target, input) : target;
  const event = found?.event;
  const requestHash = hashRequest(input);
  let order: NewOrder;
  // The promo code and the gift's sponsor, read before pricing (decisions 222, 223).
  const code =
    input.promoCode && event ? await funding.findPromoCode(ctx.db, event.id, input.promoCode) : undefined;
  try {
    order = priceNewOrder(ctx, found, input, owner, requestHash, code);
  } catch (error) {
    // A retried request whose first attempt went through answers that order, even if the event or
    // its menu has changed since.
    if (error instanceof DomainError && owner.idempotencyKey && event) {
      const replay = await replayOrder(ctx, event.id, owner, requestHash);
      if (replay) return replay;
    }
    throw error;
  }
  const writeSponsor = await funding.sponsorWriter(ctx.db, event!.organizerId, input.sponsor);
  const pickup = await checkoutPickup(ctx.db, order.values.eventId, input);
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await insertOrder(ctx, order, pickup);
      if (id === null) {
        // The same Idempotency-Key at once (or again): the unique index let the first through.
        const replay = await replayOrder(ctx, order.values.eventId, owner, requestHash);
        // A first attempt that died before writing its gift's sponsor: written now (once).
        if (replay) return (await writeSponsor(replay.orderId, order.values.eventId), replay);
        throw new DomainError('idempotency_key_reused', 'This request was already used');
      }
      await writeSponsor(id, order.values.eventId);
      return attachIntent(ctx, { ...order.values, id });
    } catch (error) {
      // Two orders drew the same pickup code at the same instant: draw again.
      if (attempt < 5 && isUniqueViolationOf(error, 'pending_orders_pickup_code_idx')) continue;
      // The cart wants more of a limited item than is left: nothing of the order was written.
      const refusal = stockExhaustion(error);
      if (refusal) throw await stockConflict(ctx.db, refusal);
      funding.throwIfPromoExhausted(error);
      // The pickup slot filled up (or was closed) meanwhile: nothing of the order was written.
      const slotRefusal = pickupSlotRefusal(error);
      if (slotRefusal)
        throw await pickupSlotConflict(
          ctx.db,
          { id: order.values.eventId },
          slotRefusal,
          pickup.pickupSlot!,
          ctx.now(),
        );
      throw error;
    }
  }
}

interface NewOrder {
  values: typeof pendingOrders.$inferInsert & {
    eventId: number;
    mode: 'hold' | 'save';
    captureMethod: 'manual' | 'automatic';
    totalAmount: number;
    subtotalAmount: number;
    taxAmount: number;
    tipAmount: number;
    customerEmail: string;
    customerName: string;
    requestHash: string;
    ownerSessionKey: string;
  };
  lines: Array<{ menuItemId: number; quantity: number; unitCents: number; baseCents: number }>;
  now: Date;
}

/** Checks the cart against the event and its menu as the database has them, and prices it. */
function priceNewOrder(
  ctx: Ctx,
  found: EventWithCart | undefined,
  input: Input,
  owner: { visitorKey: string; idempotencyKey: string | undefined; language?: Language },
  requestHash: string,
  code?: funding.PromoCodeRow,
): NewOrder {
  const now = ctx.now();
  if (!found) throw new DomainError('event_not_found', 'Event not found');
  const { event, cart: items } = found;
  const currency = asCurrency(event.currency);
  if (!isTakingOrders(event.status, now, event.startsAt)) {
    throw new DomainError(
      'event_not_taking_orders',
      event.status === 'pending_approval'
        ? 'This event is waiting for the food truck to accept it and takes no orders yet'
        : 'This event is not taking orders',
    );
  }

  const ids = [...new Set(input.items.map((i) => i.menuItemId))];
  if (ids.length !== input.items.length)
    throw new DomainError('cart_item_repeated', 'Each menu item may appear once in the cart');
  if (items.length !== ids.length || items.some((i) => i.listed && !i.offered)) {
    throw new DomainError(
      'cart_items_off_menu',
      'Some items in your cart are no longer on the menu. Please review your cart.',
    );
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  const lines = priceOrder(
    input.items.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      baseCents: parseDecimalToCents(byId.get(line.menuItemId)!.price),
    })),
    event.priceMarkupPercentage,
  );
  // The tax on the order's taxable base, rounded once (decision 189); the tip on top (decision 188).
  const taxCents = computeSalesTax(splitOrderPrice(lines.lines, event.priceMarkupPercentage), found.salesTax);
  const tip = decideTip(
    input.tipPercent !== undefined
      ? { percent: input.tipPercent }
      : input.tipCents !== undefined
        ? { amountCents: input.tipCents }
        : undefined,
    lines.subtotalCents,
    currency,
  );
  if (tip.kind === 'refused') {
    throw tip.limit
      ? limitError('tip_invalid', tip.limit, 'tipCents')
      : new DomainError('tip_invalid', tip.message);
  }
  // The code's discount off the markup and the gift with its fee (decisions 222, 223); `amount` is before the code.
  const parts = splitOrderPrice(lines.lines, event.priceMarkupPercentage);
  const funded = funding.priceCheckoutFunding(
    input,
    code,
    { ...event, currency, withFood: input.items.length > 0 },
    parts,
    lines.totalCents + taxCents + tip.tipCents,
    now,
  );
  const price = { ...lines, totalCents: funded.totalCents };
  if (funded.totalCents + funded.discountCents !== input.amount) {
    throw new DomainError(
      'prices_changed',
      `Prices have changed: your order now comes to ${formatCents(funded.totalCents + funded.discountCents, currency)}. Please review your cart.`,
    );
  }
  if (input.platformFeePercentage !== undefined && input.platformFeePercentage !== PLATFORM_FEE_PERCENTAGE) {
    throw new DomainError('platform_fee_changed', 'The platform fee has changed. Please reload the page.');
  }
  if (
    input.markupPercentage !== undefined &&
    percentageToBasisPoints(input.markupPercentage) !== event.priceMarkupPercentage
  ) {
    throw new DomainError('markup_changed', 'The price markup has changed. Please reload the page.');
  }
  // The provider's least and most charge in the event's currency (src/core/currency-limits.ts).
  const chargeLimit = chargeRefusal(price.totalCents, currency);
  if (chargeLimit) {
    const below = chargeLimit.sentence === 'orderBelowMinimum';
    throw limitError(below ? 'order_below_minimum' : 'order_above_maximum', chargeLimit);
  }

  if (event.currentSales + price.subtotalCents > MAX_EVENT_SALES_CENTS) {
    throw new DomainError(
      'event_sales_cap_reached',
      `This event can sell at most ${formatCents(MAX_EVENT_SALES_CENTS, currency)} of food through Food Truck Fund, and this order would take it past that.`,
    );
  }

  // Past the goal, a new order is charged at once; before it, held, or saved when the start is far off.
  const chargeNow = shouldChargeNow(event.status);
  const mode = chargeNow ? 'hold' : choosePaymentMode(now, event.startsAt);
  return {
    now,
    values: {
      eventId: event.id,
      customerName: input.customerName,
      customerEmail: input.customerEmail.toLowerCase(),
      note: input.note,
      mode,
      captureMethod: chargeNow ? 'automatic' : 'manual',
      requestHash,
      status: 'pending',
      totalAmount: price.totalCents,
      subtotalAmount: price.subtotalCents,
      taxAmount: taxCents,
      tipAmount: tip.tipCents,
      discountAmount: funded.discountCents,
      promoCodeId: funded.promoCodeId,
      donationAmount: funded.giftCents,
      donationFeeAmount: funded.giftFeeCents,
      currency: event.currency,
      ownerSessionKey: owner.visitorKey,
      // Every mail to this diner is in the language they checked out in (decision 228).
      language: owner.language ?? 'en',
      idempotencyKey: owner.idempotencyKey ?? null,
      createdAt: now,
      updatedAt: now,
    },
    lines: price.lines,
  };
}

/**
 * The order, its lines and its first transition in one statement (so in one round trip, and atomic
 * without a transaction). Answers the new order's id, or null when this Idempotency-Key already made one.
 */
async function insertOrder(ctx: Ctx, order: NewOrder, pickup: CheckoutPickup): Promise<number | null> {
  const { values, lines } = order;
  const [placed] = await placeOrderStatement(ctx.db).run({
    eventId: values.eventId,
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    note: values.note ?? null,
    mode: values.mode,
    captureMethod: values.captureMethod,
    requestHash: values.requestHash,
    total: centsToDecimal(values.totalAmount),
    subtotal: centsToDecimal(values.subtotalAmount),
    tax: centsToDecimal(values.taxAmount),
    tip: centsToDecimal(values.tipAmount),
    discount: centsToDecimal(values.discountAmount ?? 0),
    promoCodeId: values.promoCodeId ?? null,
    donation: centsToDecimal(values.donationAmount ?? 0),
    donationFee: centsToDecimal(values.donationFeeAmount ?? 0),
    currency: values.currency ?? 'USD',
    language: values.language ?? 'en',
    ownerSessionKey: values.ownerSessionKey,
    idempotencyKey: values.idempotencyKey,
    at: order.now.toISOString(),
    menuItemIds: lines.map((l) => l.menuItemId),
    quantities: lines.map((l) => l.quantity),
    unitPrices: lines.map((l) => centsToDecimal(l.unitCents)),
    basePrices: lines.map((l) => centsToDecimal(l.baseCents)),
    pickupSlot: pickup.pickupSlot,
    textTo: pickup.textTo,
  });
  return placed?.id ?? null;
}

/** The order this Idempotency-Key already made, answered again; null when there is none. */
async function replayOrder(
  ctx: Ctx,
  eventId: number,
  owner: { visitorKey: string; idempotencyKey: string | undefined; language?: Language },
  requestHash: string,
): Promise<CreatedOrder | null> {
  const [existing] = await ctx.db
    .select()
    .from(pendingOrders)
    .where(and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.idempotencyKey, owner.idempotencyKey!)));
  if (!existing) return null;
  if (existing.ownerSessionKey !== owner.visitorKey)
    throw new DomainError('idempotency_key_reused', 'This request was already used');
  if (existing.requestHash !== requestHash) {
    throw new DomainError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different order. Please start a new checkout.',
    );
  }
  return attachIntent(ctx, existing);
}

/**
 * Creates (or, with the same key, finds again) the order's intent and answers its client secret. The
 * capture method was decided when the order was written, so a replay asks the provider for exactly the
 * same intent and gets the first one back.
 */
async function attachIntent(ctx: Ctx, order: IntentOwner): Promise<CreatedOrder> {
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
    currency: providerCurrency(asCurrency(order.currency)),
    captureMethod: immediate ? 'automatic' : 'manual',
    description: `Pre-order #${order.id}`,
    metadata,
    idempotencyKey: `intent:${order.id}`,
  });
  await orderQueries(ctx.db).attachPaymentIntent.execute({ intentId: intent.id, orderId: order.id });
  return answer(intent.clientSecret);
}
