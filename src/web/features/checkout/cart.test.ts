import { describe, expect, it } from 'vitest';
import { cartReducer, MAX_QUANTITY, priceCart, type CartLine } from './cart';

const taco = { menuItemId: 1, name: 'Taco', baseCents: 1000 };
const soda = { menuItemId: 2, name: 'Soda', baseCents: 250 };

describe('cartReducer', () => {
  it('adds a new line once and counts again on a second add', () => {
    let cart: CartLine[] = [];
    cart = cartReducer(cart, { type: 'add', item: taco });
    cart = cartReducer(cart, { type: 'add', item: soda });
    cart = cartReducer(cart, { type: 'add', item: taco });
    expect(cart).toEqual([
      { ...taco, quantity: 2 },
      { ...soda, quantity: 1 },
    ]);
  });

  it('never takes a quantity below 1 or above the limit, and removes only on remove', () => {
    let cart = cartReducer([], { type: 'add', item: taco });
    cart = cartReducer(cart, { type: 'decrement', menuItemId: 1 });
    expect(cart).toEqual([{ ...taco, quantity: 1 }]);
    for (let i = 0; i < MAX_QUANTITY + 5; i++) cart = cartReducer(cart, { type: 'increment', menuItemId: 1 });
    expect(cart[0]!.quantity).toBe(MAX_QUANTITY);
    cart = cartReducer(cart, { type: 'remove', menuItemId: 1 });
    expect(cart).toEqual([]);
  });
});

describe('restoring a kept cart', () => {
  it('fills an empty cart, but never replaces one the diner already began', () => {
    const kept = [{ ...soda, quantity: 3 }];
    expect(cartReducer([], { type: 'restore', lines: kept })).toEqual(kept);
    const begun = cartReducer([], { type: 'add', item: taco });
    expect(cartReducer(begun, { type: 'restore', lines: kept })).toEqual(begun);
  });
});

describe('priceCart', () => {
  it('prices each unit with markup and fee on the base, rounded once', () => {
    const lines = [
      { ...taco, quantity: 2 },
      { ...soda, quantity: 3 },
    ];
    // 12.5% markup: taco 1000 → 1175, soda 250 → 293.75 → 294.
    const price = priceCart(lines, 1250);
    expect(price.totalCents).toBe(2 * 1175 + 3 * 294);
    expect(price.subtotalCents).toBe(2 * 1000 + 3 * 250);
  });
});
