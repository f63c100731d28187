import type { CartLine } from './cart';
import { MAX_QUANTITY } from './cart';

/** What a diner had put together for one event: the cart, their name and e-mail. */
export interface SavedCart {
  lines: CartLine[];
  customer: { name: string; email: string };
}

/** A cart left longer than this is not brought back (the menu and the diner's plans have moved on). */
export const SAVED_CART_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (eventId: number) => `food-truck-fund:cart:${eventId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (some private modes): the cart lives only on the page
  }
}

function isLine(value: unknown): value is CartLine {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    Number.isSafeInteger(line.menuItemId) &&
    typeof line.name === 'string' &&
    Number.isSafeInteger(line.baseCents) &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity! >= 1 &&
    line.quantity! <= MAX_QUANTITY
  );
}

/**
 * The cart saved for this event in this browser (decision 148), or null. Prices and names are only a
 * reminder: the page reprices every line from the menu as the server has it, and the server checks
 * the total again. Anything malformed or too old is dropped.
 */
export function loadCart(eventId: number, now = Date.now()): SavedCart | null {
  const store = storage();
  try {
    const raw = store?.getItem(keyOf(eventId));
    if (!raw) return null;
    const saved = JSON.parse(raw) as { lines?: unknown; customer?: unknown; savedAt?: unknown };
    const customer = saved.customer as Partial<SavedCart['customer']> | undefined;
    if (
      !Array.isArray(saved.lines) ||
      !saved.lines.every(isLine) ||
      typeof saved.savedAt !== 'number' ||
      now - saved.savedAt > SAVED_CART_MAX_AGE_MS
    ) {
      store?.removeItem(keyOf(eventId));
      return null;
    }
    return {
      lines: saved.lines,
      customer: {
        name: typeof customer?.name === 'string' ? customer.name.slice(0, 120) : '',
        email: typeof customer?.email === 'string' ? customer.email.slice(0, 254) : '',
      },
    };
  } catch {
    return null;
  }
}

/** Keeps the cart for this event; an empty cart (after paying, or emptied) leaves nothing behind. */
export function saveCart(eventId: number, cart: SavedCart, now = Date.now()): void {
  const store = storage();
  try {
    if (cart.lines.length === 0) store?.removeItem(keyOf(eventId));
    else store?.setItem(keyOf(eventId), JSON.stringify({ ...cart, savedAt: now }));
  } catch {
    // full or refused: the cart still works on the page
  }
}
