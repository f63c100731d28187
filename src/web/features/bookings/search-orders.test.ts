import { describe, expect, it } from 'vitest';
import { searchOrders } from './search-orders';

const orders = [
  { pickupCode: 'K7Q2M', customerName: 'Dana Diner' },
  { pickupCode: 'HX4PB', customerName: 'Sam Hill' },
];

describe('searchOrders', () => {
  it('finds an order by its code however it is typed, or by name', () => {
    expect(searchOrders(orders, 'k7q-2m')).toEqual([orders[0]]);
    expect(searchOrders(orders, 'hill')).toEqual([orders[1]]);
    expect(searchOrders(orders, '  ')).toEqual(orders);
    expect(searchOrders(orders, 'zzz')).toEqual([]);
  });
});
