import { z } from '../core/schemas/zod-messages';
import { FULFILMENT_STATES } from '../core/fulfilment';
import { ORDER_STATUSES } from '../core/order-status';
import { idParamSchema, idSchema } from '../core/schemas/ids';
import { currencySchema, instantSchema, moneySchema, cursorPageQuery } from './common';
import { eventSchema } from './events';

export { createPaymentIntentSchema, inviteSchema } from '../core/schemas/checkout';

export const orderLineSchema = z
  .object({
    menuItemId: z.number().int(),
    name: z.string(),
    quantity: z.number().int(),
    unitPrice: moneySchema,
  })
  .meta({ id: 'OrderLine' });
export type OrderLineDto = z.infer<typeof orderLineSchema>;

/** A diner's own order as their browser sees it: never another diner's, never a client secret. */
/** One refund the truck made on an order (docs/decisions/135-order-corrections.md). */
export const correctionSchema = z
  .object({
    id: z.number().int(),
    amount: moneySchema,
    reason: z.string(),
    createdAt: instantSchema,
    /** pending: committed, the provider not asked yet; refunded: made; failed: refused, tried again. */
    state: z.enum(['pending', 'refunded', 'failed']),
  })
  .meta({ id: 'Correction' });
export type CorrectionDto = z.infer<typeof correctionSchema>;

export const orderSchema = z
  .object({
    id: z.number().int(),
    eventId: z.number().int(),
    customerName: z.string(),
    customerEmail: z.string(),
    /** The diner's note to the truck ("no onions"), or null. */
    note: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    /** hold: the card is authorized; save: it is saved and charged when the goal is met. */
    mode: z.enum(['hold', 'save']),
    totalAmount: moneySchema,
    subtotalAmount: moneySchema,
    /** The sales tax in the total (decision 189). */
    taxAmount: moneySchema,
    /** The diner's tip in the total, all of it the truck crew's (decision 188). */
    tipAmount: moneySchema,
    /** A promo code's discount in the total (decision 222). */
    discountAmount: moneySchema,
    /** A gift to the event's cause in the total, and the platform's fee on it (decision 223). */
    donationAmount: moneySchema,
    donationFeeAmount: moneySchema,
    /** The event's currency: every amount of the order is in it (decision 230). */
    currency: currencySchema,
    stripePaymentIntentId: z.string().nullable(),
    failureMessage: z.string().nullable(),
    fixPaymentDeadline: instantSchema.nullable(),
    /** A charge that is being (or has been) given back. */
    refundPending: z.boolean(),
    /** Set while a refund the provider could not make is retried ("refund failed"). */
    refundFailure: z.string().nullable(),
    refundedAmount: moneySchema.nullable(),
    refundedAt: instantSchema.nullable(),
    /** Who let a cancelled order's hold go: the diner, the event (a call-off, its start), or an unpaid failure. */
    releasedBy: z.enum(['diner', 'event', 'unpaid']).nullable(),
    createdAt: instantSchema,
    /** What the diner says at the truck; only once the card is authorized or charged. */
    pickupCode: z.string().nullable(),
    /** null while being prepared, then `ready`, then `collected`. */
    fulfilment: z.enum(FULFILMENT_STATES).nullable(),
    items: z.array(orderLineSchema),
    /** The truck's refunds of this order, oldest first, with their reasons. */
    corrections: z.array(correctionSchema),
  })
  .meta({ id: 'Order' });
export type OrderDto = z.infer<typeof orderSchema>;

/** A checkout's card step: the client secret for the card form. `amount` is in cents. */
export const createdOrderSchema = z
  .object({
    orderId: z.number().int(),
    clientSecret: z.string(),
    amount: z.number().int().meta({ description: 'The total in cents' }),
    mode: z.enum(['hold', 'save']),
    /** The goal is already met: the card is charged at once. */
    chargeNow: z.boolean(),
  })
  .meta({ id: 'CreatedOrder' });
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

export const orderParams = z.object({ id: idParamSchema, orderId: idParamSchema });
/** A receipt link's token, for a browser that isn't the one that ordered. */
export const orderTokenBody = z.object({ token: z.string().optional() }).nullish();

export const pendingOrdersQuerySchema = z.object({
  /** Accepted for older clients; narrows nothing. */
  email: z.string().optional(),
  order: idParamSchema.optional(),
  token: z.string().optional(),
});

export const cancelPaymentSchema = z
  .object({
    paymentIntentId: z.string().min(1).optional(),
    orderId: idSchema.optional(),
    token: z.string().optional(),
  })
  .refine((b) => b.paymentIntentId || b.orderId, 'paymentIntentId or orderId is required');

export const cancelPaymentResponse = z.object({ message: z.string(), order: orderSchema });
export const inviteResponse = z.object({ message: z.string(), sent: z.number().int() });

/** An order as its event's truck and organizer see it: the diner's e-mail and payment stay private. */
export const eventOrderSchema = z
  .object({
    id: z.number().int(),
    pickupCode: z.string().nullable(),
    customerName: z.string(),
    /** The diner's note to the truck, or null. */
    note: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    fulfilment: z.enum(FULFILMENT_STATES).nullable(),
    readyAt: instantSchema.nullable(),
    collectedAt: instantSchema.nullable(),
    subtotalAmount: moneySchema,
    /** The sales tax and the tip in the total: the truck's, never counted toward the goal. */
    taxAmount: moneySchema,
    tipAmount: moneySchema,
    totalAmount: moneySchema,
    /** Where its money stands, in words: "Card held, not charged yet", "Refunded in full", … */
    payment: z.string(),
    /** The event's currency (decision 230). */
    currency: currencySchema,
    createdAt: instantSchema,
    items: z.array(orderLineSchema),
    /** Cents given back or owed back so far, as money (0.00 when none). */
    refundedAmount: moneySchema,
    corrections: z.array(correctionSchema),
    /** The pickup slot's start (decision 226), or null. */
    pickupSlot: instantSchema.nullable().optional(),
  })
  .meta({ id: 'EventOrder' });
export type EventOrderDto = z.infer<typeof eventOrderSchema>;

export const EVENT_ORDERS_PAGE_SIZE = 100;
export const EVENT_ORDERS_MAX_PAGE_SIZE = 500;

/** `GET /api/events/{id}/orders`: a page of the orders, newest first; `cursor` is the last page's `nextCursor`. */
export const eventOrdersQuerySchema = z.object(
  cursorPageQuery(EVENT_ORDERS_PAGE_SIZE, EVENT_ORDERS_MAX_PAGE_SIZE),
);

/** The organizer's view of one event: a page of its orders and what it raised. */
export const eventOrdersSchema = z.object({
  event: eventSchema,
  /** Over every order of the event, whatever page this is. */
  totals: z.object({ foodSales: moneySchema, markupRaised: moneySchema, orderCount: z.number().int() }),
  /** One page of the orders, newest first. */
  orders: z.array(eventOrderSchema),
  /** Pass as `cursor` for the next (older) page; null: this is the last. */
  nextCursor: z.string().nullable(),
});

/** `GET /api/events/{id}/orders/{orderId}`: who may read it (the browser that ordered, or its receipt link). */
export const orderReceiptQuerySchema = z.object({ token: z.string().max(200).optional() });

/** One line of a receipt: the unit price and the line's total, each split as the price is (core/pricing). */
export const receiptLineSchema = orderLineSchema
  .extend({
    food: moneySchema,
    markup: moneySchema,
    fee: moneySchema,
    total: moneySchema,
  })
  .meta({ id: 'ReceiptLine' });

/**
 * The diner's confirmation page: the order itemised, its event, and every link the page offers, made
 * with the site's public address (decision 146).
 */
export const orderReceiptSchema = z
  .object({
    order: orderSchema,
    event: z.object({
      id: z.number().int(),
      title: z.string(),
      location: z.string(),
      startsAt: instantSchema,
      endsAt: instantSchema,
      timeZone: z.string(),
      status: eventSchema.shape.status,
      /** The goal is met: cards are charged, no longer only held. */
      goalReached: z.boolean(),
      /** Sales toward the goal, as the event page shows it (for the share text). */
      percentFunded: z.number().int(),
      foodTruckName: z.string(),
    }),
    lines: z.array(receiptLineSchema),
    /** The lines' sums (`total`: of the lines), then the order's sales tax and tip, and what the card pays. */
    totals: z.object({
      food: moneySchema,
      markup: moneySchema,
      fee: moneySchema,
      total: moneySchema,
      salesTax: moneySchema,
      tip: moneySchema,
      /** A promo code's discount, taken off the markup (decision 222); "0.00" when none. */
      discount: moneySchema,
      /** A gift to the event's cause and the platform's fee on it (decision 223); "0.00" when none. */
      gift: moneySchema,
      giftFee: moneySchema,
      charged: moneySchema,
    }),
    links: z.object({
      /** The event page, opened on this order (where it can be cancelled while that is allowed). */
      event: z.string(),
      /** This page, with the token that lets any browser open it. */
      receipt: z.string(),
      calendar: z.string(),
      /** The public event page, to share (no token in it). */
      share: z.string(),
      /** The pickup code's QR picture; null until the card is held or charged. */
      pickupQr: z.string().nullable(),
    }),
    /** The pickup slot the diner chose (decision 226), or null when the event has none. */
    pickup: z.object({ startsAt: instantSchema, endsAt: instantSchema }).nullable().optional(),
  })
  .meta({ id: 'OrderReceipt' });
export type OrderReceiptDto = z.infer<typeof orderReceiptSchema>;
