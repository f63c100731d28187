import { priceOrder, type OrderPrice } from '@core/pricing';

/** A cart line: the menu item, its base price at the truck's menu, and how many. */
export interface CartLine {
  menuItemId: number;
  name: string;
  baseCents: number;
  quantity: number;
}

/** The server refuses more than this of one item (createPaymentIntentSchema). */
export const MAX_QUANTITY = 100;

export type CartAction =
  | { type: 'add'; item: Omit<CartLine, 'quantity'> }
  | { type: 'increment'; menuItemId: number }
  | { type: 'decrement'; menuItemId: number }
  | { type: 'remove'; menuItemId: number }
  | { type: 'clear' }
  /** The cart saved in this browser, brought back after the page loads, unless the diner already began another. */
  | { type: 'restore'; lines: CartLine[] };

/** Minus never takes a line below 1; a line goes only through its remove button. */
export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      const existing = lines.find((l) => l.menuItemId === action.item.menuItemId);
      if (!existing) return [...lines, { ...action.item, quantity: 1 }];
      return lines.map((l) =>
        l === existing ? { ...l, ...action.item, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l,
      );
    }
    case 'increment':
      return lines.map((l) =>
        l.menuItemId === action.menuItemId ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l,
      );
    case 'decrement':
      return lines.map((l) =>
        l.menuItemId === action.menuItemId ? { ...l, quantity: Math.max(1, l.quantity - 1) } : l,
      );
    case 'remove':
      return lines.filter((l) => l.menuItemId !== action.menuItemId);
    case 'clear':
      return [];
    case 'restore':
      return lines.length > 0 ? lines : action.lines;
  }
}

/** What the cart costs, priced by the one rule the server also applies (core/pricing.ts). */
export function priceCart(lines: CartLine[], markupBasisPoints: number): OrderPrice {
  return priceOrder(
    lines.map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity, baseCents: l.baseCents })),
    markupBasisPoints,
  );
}
