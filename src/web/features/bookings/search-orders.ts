import { normalizePickupCode } from '@core/fulfilment';

/** Orders whose pickup code or name matches what the truck typed ("k7q 2m", "dana"). */
export function searchOrders<T extends { pickupCode: string | null; customerName: string }>(
  orders: T[],
  query: string,
): T[] {
  const text = query.trim().toLowerCase();
  if (!text) return orders;
  const code = normalizePickupCode(query);
  return orders.filter(
    (o) =>
      (code.length > 0 && (o.pickupCode ?? '').includes(code)) || o.customerName.toLowerCase().includes(text),
  );
}
