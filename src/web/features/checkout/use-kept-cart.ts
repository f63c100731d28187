import { useEffect, useReducer, useRef, useState } from 'react';
import { cartReducer } from './cart';
import type { Customer } from './components/checkout-panel';

/** Whether this browser keeps a cart for the event (the key of cart-storage.ts). */
function keepsCart(eventId: number): boolean {
  try {
    return localStorage.getItem(`food-truck-fund:cart:${eventId}`) !== null;
  } catch {
    return false;
  }
}

/**
 * The diner's cart for an event and who they are: `[lines, dispatch, customer, setCustomer]`. They survive
 * a refresh, Back and navigation: kept in this browser per event, brought back once the page is live (so
 * the server's HTML and the first render agree), decision 148. Most visitors have nothing kept: the
 * storage code (cart-storage.ts) comes only for those who have.
 */
export function useKeptCart(eventId: number) {
  const [lines, dispatch] = useReducer(cartReducer, []);
  const [customer, setCustomer] = useState<Customer>({ name: '', email: '' });
  const restored = useRef(false);
  useEffect(() => {
    if (!keepsCart(eventId)) {
      restored.current = true;
      return;
    }
    void import('./cart-storage').then((storage) => {
      const saved = storage.loadCart(eventId);
      if (saved) {
        dispatch({ type: 'restore', lines: saved.lines });
        setCustomer((typed) => (typed.name || typed.email ? typed : saved.customer));
      }
      restored.current = true;
    });
  }, [eventId]);
  useEffect(() => {
    if (restored.current && (lines.length > 0 || keepsCart(eventId)))
      void import('./cart-storage').then((storage) => storage.saveCart(eventId, { lines, customer }));
  }, [eventId, lines, customer]);
  return [lines, dispatch, customer, setCustomer] as const;
}

/** Paid: nothing of this cart is kept, even if the page is gone before its effects run. */
export function forgetKeptCart(eventId: number, customer: Customer): void {
  void import('./cart-storage').then((storage) => storage.saveCart(eventId, { lines: [], customer }));
}
