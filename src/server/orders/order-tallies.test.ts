import { describe, expect, it } from 'vitest';
import { PICKUP_ORDER_STATUSES } from '../../core/fulfilment';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';

describe('order tallies', () => {
  it('count the statuses the migration order-tallies names (order_tally_kind)', () => {
    // The trigger's SQL says `status IN ('confirmed', 'charged')`; the readers take it for both lists.
    expect([...COUNTED_ORDER_STATUSES].sort()).toEqual(['charged', 'confirmed']);
    expect([...PICKUP_ORDER_STATUSES].sort()).toEqual(['charged', 'confirmed']);
  });
});
