import type { OrderStatus } from './order-status';

/**
 * After payment the truck's side of an order: it is being prepared (no state), then `ready`, then
 * `collected`. Apart from the payment status, which the money engine owns.
 */
export const FULFILMENT_STATES = ['ready', 'collected'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** Orders that carry a pickup code the diner can show: the card is authorized or charged. */
export const PICKUP_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'charged'];

/** Codes are written with letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const PICKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PICKUP_CODE_LENGTH = 5;
const PICKUP_CODE_PATTERN = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`);

/** The code as the diner may shout it at the window: " k7q-2m " → "K7Q2M". */
export function normalizePickupCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function isPickupCode(input: string): boolean {
  return PICKUP_CODE_PATTERN.test(input);
}

/**
 * The pickup code a caller may see: only once the card is authorized or charged, and never on a
 * charge being given back (its event was called off): no food is handed over against it.
 */
export function visiblePickupCode(order: {
  status: OrderStatus;
  pickupCode: string | null;
  refundDueAt?: Date | null;
}): string | null {
  if (order.refundDueAt) return null;
  return PICKUP_ORDER_STATUSES.includes(order.status) ? order.pickupCode : null;
}

export type FulfilmentDecision =
  { kind: 'change' } | { kind: 'unchanged' } | { kind: 'refused'; message: string; refunded?: true };

/** An order's money as the handover reads it. */
export interface HandedOrderMoney {
  status: OrderStatus;
  /** What the card paid. */
  totalCents: number;
  /** The truck's refunds so far (its corrections), made or still being sent to the provider. */
  correctedCents: number;
  /** A whole refund is owed (a call-off, a charge that came after the order was cancelled). */
  refundDue: boolean;
}

/**
 * Whether the diner got (or is getting) all of their money back: refunded by the engine, owed back
 * in full, or refunded by the truck down to the last cent. No food is handed over against such an
 * order, and the event day counts neither its money nor its food (decision 214).
 */
export function isRefundedInFull(order: HandedOrderMoney): boolean {
  if (order.status === 'refunded') return true;
  if (order.status !== 'charged') return false;
  return order.refundDue || (order.totalCents > 0 && order.correctedCents >= order.totalCents);
}

export const REFUNDED_ORDER_NOT_HANDED_OVER =
  'This order was refunded in full, so it can no longer be marked ready or collected';

/** Orders are handed over from this long before the event's start (cooking and "ready" mails). */
export const HANDOVER_OPENS_BEFORE_START_MS = 2 * 60 * 60 * 1000;

/** When the event takes place, and the instant of the request (the app's clock). */
export interface HandoverTiming {
  now: Date;
  startsAt: Date;
  endsAt: Date;
}

/** "2 hours before the start", as the refusal states it. */
const HANDOVER_TOO_EARLY = 'Orders can be marked ready or collected from 2 hours before the event starts';

/**
 * Whether the truck may move an order to `to`. Only a charged order is handed over: a held card may
 * still be released, and food given against it would be unpaid; nor one refunded in full (the diner
 * was told the money is going back, so a "ready" mail after it would be wrong, and a double tap of
 * the same state answers the refusal too). Nothing is handed over earlier than
 * 2 hours before the start (a tap days ahead is a mistake, and a collected order can no longer be
 * refunded by a call-off). Marking the same state twice is a no-op, so a double tap sends one e-mail;
 * a collected order goes back only through `decideUndoCollected`.
 */
export function decideFulfilment(
  order: HandedOrderMoney,
  from: FulfilmentState | null,
  to: FulfilmentState,
  timing?: HandoverTiming,
): FulfilmentDecision {
  const { status } = order;
  if (isRefundedInFull(order))
    return { kind: 'refused', message: REFUNDED_ORDER_NOT_HANDED_OVER, refunded: true };
  if (status !== 'charged') {
    return {
      kind: 'refused',
      message:
        status === 'confirmed'
          ? 'This order is not paid yet: the card is only held until the event reaches its goal'
          : 'This order was not paid, so it cannot be handed over',
    };
  }
  if (from === to) return { kind: 'unchanged' };
  if (from === 'collected') return { kind: 'refused', message: 'This order was already collected' };
  if (timing && timing.now.getTime() < timing.startsAt.getTime() - HANDOVER_OPENS_BEFORE_START_MS) {
    return { kind: 'refused', message: HANDOVER_TOO_EARLY };
  }
  return { kind: 'change' };
}

/**
 * Whether the truck may take back "Collected" (a tap on the wrong order): only its own collected
 * order, and only until the event's end; afterwards what was handed over is the record.
 */
export function decideUndoCollected(
  from: FulfilmentState | null,
  timing: Pick<HandoverTiming, 'now' | 'endsAt'>,
): FulfilmentDecision {
  if (from !== 'collected') return { kind: 'unchanged' };
  if (timing.now.getTime() >= timing.endsAt.getTime()) {
    return { kind: 'refused', message: 'The event has ended: a collected order can no longer be undone' };
  }
  return { kind: 'change' };
}

const ORDER_STATUS_WORDS: Partial<Record<OrderStatus, string>> = {
  pending: 'Awaiting payment',
  confirmed: 'Card held',
  charged: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
};

/** How the truck and the organizer read an order's payment status. */
export function describeOrderStatus(status: OrderStatus): string {
  return ORDER_STATUS_WORDS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** How everyone reads the pickup state of a paid order. */
export function describeFulfilment(state: FulfilmentState | null): string {
  return state === 'ready' ? 'Ready for pickup' : state === 'collected' ? 'Collected' : 'Being prepared';
}
