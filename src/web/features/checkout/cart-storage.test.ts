import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCart, SAVED_CART_MAX_AGE_MS, saveCart } from './cart-storage';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  get size() {
    return this.items.size;
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => vi.unstubAllGlobals());

const taco = { menuItemId: 7, name: 'Al Pastor Taco', baseCents: 1000, quantity: 2 };
const customer = { name: 'Riley', email: 'riley@example.com' };
const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('the cart kept per event', () => {
  it('brings back the lines, name and e-mail of that event only', () => {
    saveCart(12, { lines: [taco], customer }, NOW);
    expect(loadCart(12, NOW + 1000)).toEqual({ lines: [taco], customer });
    expect(loadCart(13, NOW + 1000)).toBeNull();
  });

  it('leaves nothing behind once the cart is empty (after paying)', () => {
    saveCart(12, { lines: [taco], customer }, NOW);
    saveCart(12, { lines: [], customer }, NOW);
    expect(storage.size).toBe(0);
    expect(loadCart(12, NOW)).toBeNull();
  });

  it('drops a cart older than a week, and anything malformed', () => {
    saveCart(12, { lines: [taco], customer }, NOW);
    expect(loadCart(12, NOW + SAVED_CART_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.size).toBe(0);

    storage.setItem(
      'food-truck-fund:cart:12',
      JSON.stringify({ lines: [{ ...taco, quantity: 0 }], savedAt: NOW }),
    );
    expect(loadCart(12, NOW)).toBeNull();
    storage.setItem('food-truck-fund:cart:12', '{not json');
    expect(loadCart(12, NOW)).toBeNull();
    storage.setItem('food-truck-fund:cart:12', JSON.stringify({ lines: [taco], savedAt: NOW, customer: 5 }));
    expect(loadCart(12, NOW)).toEqual({ lines: [taco], customer: { name: '', email: '' } });
  });

  it('works as a page-only cart when storage is refused', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => saveCart(12, { lines: [taco], customer }, NOW)).not.toThrow();
    expect(loadCart(12, NOW)).toBeNull();
  });
});
