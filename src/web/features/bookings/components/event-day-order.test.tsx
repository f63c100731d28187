import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EventOrderDto } from '@contract/orders';
import { EventDayOrder, EventDayTotals } from './event-day-order';

/** A paid $12.50 order, `refunded` of it given back by the truck. */
function order(refunded: string, fulfilment: EventOrderDto['fulfilment'] = null): EventOrderDto {
  return {
    id: 7,
    pickupCode: 'K7Q2M',
    currency: 'USD',
    customerName: 'Dana Diner',
    note: null,
    status: 'charged',
    fulfilment,
    readyAt: null,
    collectedAt: null,
    subtotalAmount: '10.00',
    taxAmount: '0.00',
    tipAmount: '0.00',
    totalAmount: '12.50',
    payment: 'Paid',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [{ menuItemId: 1, name: 'Taco', quantity: 1, unitPrice: '12.50' }],
    refundedAmount: refunded,
    corrections:
      refunded === '0.00'
        ? []
        : [
            {
              id: 1,
              amount: refunded,
              reason: 'The grill broke',
              state: 'pending',
              createdAt: '2026-11-21T17:00:00.000Z',
            },
          ],
  };
}

function show(o: EventOrderDto) {
  render(
    <ul>
      <EventDayOrder
        order={o}
        handoverOpen
        pending={false}
        onMark={vi.fn()}
        onUndo={vi.fn()}
        onRefund={vi.fn()}
      />
    </ul>,
  );
  return within(screen.getByRole('listitem', { name: /K7Q2M/ }));
}

describe('an order at the window', () => {
  it.each([
    // [refunded, fulfilment, buttons offered, badge]
    ['0.00', null, ['Mark K7Q2M ready', 'Mark K7Q2M collected', 'Refund K7Q2M'], 'Being prepared'],
    ['5.00', null, ['Mark K7Q2M ready', 'Mark K7Q2M collected', 'Refund K7Q2M'], 'Being prepared'],
    ['5.00', 'ready', ['Mark K7Q2M collected', 'Refund K7Q2M'], 'Ready for pickup'],
    ['12.50', null, [], 'Refunded in full · nothing to hand over'],
    ['12.50', 'ready', [], 'Refunded in full · nothing to hand over'],
    ['12.50', 'collected', ['Undo collected for K7Q2M'], 'Refunded in full · was collected'],
  ] as const)('refunded %s, %s: offers %o and reads %s', (refunded, fulfilment, buttons, badge) => {
    const item = show(order(refunded, fulfilment));
    expect(item.queryAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(buttons);
    expect(item.getByText(badge)).toBeTruthy();
  });
});

describe('the day’s totals', () => {
  it('show what was refunded only when something was, before the total paid', () => {
    const { rerender } = render(
      <EventDayTotals
        totals={{ food: '53.00', salesTax: '0.00', tip: '5.00', total: '71.25', refunded: '0.00' }}
      />,
    );
    const names = () => screen.getAllByRole('term').map((t) => t.textContent);
    expect(names()).toEqual(['Food', 'Sales tax', 'Tips', 'Total paid']);
    rerender(
      <EventDayTotals
        totals={{ food: '23.00', salesTax: '0.00', tip: '3.00', total: '31.75', refunded: '39.50' }}
      />,
    );
    expect(names()).toEqual(['Food', 'Sales tax', 'Tips', 'Refunded', 'Total paid']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '$23.00',
      '$0.00',
      '$3.00',
      '$39.50',
      '$31.75',
    ]);
  });
});
