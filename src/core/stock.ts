import type { OrderStatus } from './order-status';

/**
 * Stock per event (docs/decisions/196-stock-per-event.md): a truck may cap how many of an item it makes
 * for one event. An order holds its units from the moment it is placed until it stops being live: a
 * checkout in progress, a held or saved card, a charge, and a failed payment the diner may still fix all
 * hold; a release, a cancellation, a refund or a charge owed back gives them back. The database's
 * triggers (`order_holds_stock` in migration stock-per-event) apply exactly this rule.
 */
export const HOLDS_STOCK_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'charged', 'failed'];

export function holdsStock(order: { status: OrderStatus; refundDue: boolean }): boolean {
  return HOLDS_STOCK_STATUSES.includes(order.status) && !order.refundDue;
}

/** The most a truck may set: more than any event sells of one dish, small enough to type. */
export const MAX_STOCK_PER_EVENT = 10_000;

/** From this many left, the menu says how many: "3 left". */
export const FEW_LEFT = 10;

/** What is left of a limited item at an event; never below zero, even when the truck lowered the limit. */
export function unitsLeft(limit: number, held: number): number {
  return Math.max(0, limit - held);
}

export type StockLabel = { kind: 'sold-out' } | { kind: 'few-left'; left: number } | null;

/** What the menu says about an item's stock: nothing while plenty is left. */
export function stockLabel(left: number | null | undefined): StockLabel {
  if (left == null) return null;
  if (left <= 0) return { kind: 'sold-out' };
  if (left <= FEW_LEFT) return { kind: 'few-left', left };
  return null;
}

/** The refusal a diner reads when the cart wants more than is left. */
export function stockRefusal(itemName: string, left: number): string {
  return left <= 0
    ? `${itemName} is sold out. Please remove it from your cart.`
    : `Only ${left} ${itemName} left. Please change your cart.`;
}
