import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@contract/orders';
import { fakeApi, renderWithApp } from '@web/test/render';
import { GuaranteeCard } from './guarantee-card';
import { MyOrdersCard } from './my-orders-card';

/**
 * The diner's orders and the host's guarantee in the event's currency (decision 230), from the currency
 * their answers carry: a yen order reads ¥1,575, never $15.75; a euro guarantee €500.00.
 */
afterEach(() => vi.unstubAllGlobals());

const yenOrder = {
  id: 41,
  eventId: 7,
  customerName: 'Riley',
  customerEmail: 'riley@example.com',
  note: null,
  status: 'confirmed',
  mode: 'hold',
  totalAmount: '1575',
  subtotalAmount: '1500',
  taxAmount: '0',
  tipAmount: '0',
  discountAmount: '0',
  donationAmount: '0',
  donationFeeAmount: '0',
  currency: 'JPY',
  stripePaymentIntentId: null,
  failureMessage: null,
  fixPaymentDeadline: null,
  refundPending: false,
  refundFailure: null,
  refundedAmount: null,
  refundedAt: null,
  releasedBy: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  pickupCode: null,
  fulfilment: null,
  items: [{ menuItemId: 3, name: 'Ramen', quantity: 1, unitPrice: '1575' }],
  corrections: [],
} satisfies OrderDto;

describe('my orders, in the order’s currency', () => {
  it('shows a yen order in yen, its line and its total', async () => {
    fakeApi({ 'GET /api/events/7/pending-orders': [200, [yenOrder]] });
    renderWithApp(
      <MyOrdersCard eventId={7} eventStatus="approved" timeZone="UTC" lookup={{}} onChanged={() => {}} />,
    );
    const order = await screen.findByRole('listitem', { name: 'Order #41' });
    expect(order.textContent).toContain('1 × Ramen¥1,575');
    expect(order.textContent).toContain('Total¥1,575');
    expect(order.textContent).not.toContain('$');
  });
});

describe('the guarantee, in the event’s currency', () => {
  it('tells the organizer a euro guarantee in euros', async () => {
    fakeApi({
      'GET /api/events/7/guarantee': [
        200,
        {
          status: 'saved',
          currency: 'EUR',
          cap: '500.00',
          charged: null,
          chargedAt: null,
          failureMessage: null,
          summary: "Guaranteed: the organizer's saved card pays any shortfall at the start, up to €500.00.",
        },
      ],
    });
    renderWithApp(<GuaranteeCard eventId={7} goal="500.00" pending={false} />);
    expect(
      await screen.findByText("the organizer's saved card pays any shortfall at the start, up to €500.00.", {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.queryByText('$500.00', { exact: false })).toBeNull();
  });

  it('offers a yen guarantee of the goal in yen before the truck answers', async () => {
    fakeApi({
      'GET /api/events/7/guarantee': [
        200,
        {
          status: 'none',
          currency: 'JPY',
          cap: null,
          charged: null,
          chargedAt: null,
          failureMessage: null,
          summary: null,
        },
      ],
    });
    renderWithApp(<GuaranteeCard eventId={7} goal="50000" pending />);
    expect(await screen.findByText('(at most ¥50,000)', { exact: false })).toBeTruthy();
  });
});
