import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventOrderDto } from '@contract/orders';
import { fakeApi, renderWithApp } from '@web/test/render';
import { PagedEventOrders } from './paged-event-orders';

function order(id: number, customerName: string): EventOrderDto {
  return {
    id,
    pickupCode: `K7Q${id}M`,
    currency: 'USD',
    customerName,
    note: null,
    status: 'confirmed',
    fulfilment: null,
    readyAt: null,
    collectedAt: null,
    subtotalAmount: '10.00',
    taxAmount: '0.00',
    tipAmount: '0.00',
    totalAmount: '10.50',
    payment: 'Card held, not charged yet',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [{ menuItemId: 1, name: 'Taco', quantity: 1, unitPrice: '10.50' }],
    refundedAmount: '0.00',
    corrections: [],
  };
}

const page = (orders: EventOrderDto[], nextCursor: string | null) => ({
  event: {},
  totals: { foodSales: '0.00', markupRaised: '0.00', orderCount: 0 },
  orders,
  nextCursor,
});

afterEach(() => vi.unstubAllGlobals());

describe("an event's orders, a page at a time", () => {
  it('loads older orders below the newest until there are no more', async () => {
    const calls = fakeApi({
      'GET /api/events/7/orders?cursor=c1': [200, page([order(2, 'Bea Older')], 'c2')],
      'GET /api/events/7/orders?cursor=c2': [200, page([order(1, 'Cy Oldest')], null)],
    });
    const { user } = renderWithApp(
      <PagedEventOrders eventId={7} orders={[order(3, 'Ann Newest')]} nextCursor="c1" />,
    );
    expect(screen.getByText('Ann Newest')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByText('Bea Older')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByText('Cy Oldest')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Pickup code'),
      expect.stringContaining('Ann Newest'),
      expect.stringContaining('Bea Older'),
      expect.stringContaining('Cy Oldest'),
    ]);
  });

  it('offers no button when everything is on the first page', () => {
    fakeApi({});
    renderWithApp(<PagedEventOrders eventId={7} orders={[order(1, 'Ann')]} nextCursor={null} />);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
  });

  it('says so when a page fails, and retries', async () => {
    fakeApi({
      'GET /api/events/7/orders?cursor=c1': [
        500,
        { code: 'internal_error', message: 'Something went wrong' },
      ],
    });
    const { user } = renderWithApp(
      <PagedEventOrders eventId={7} orders={[order(3, 'Ann Newest')]} nextCursor="c1" />,
    );
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    // The app's queries retry once (a second later) before they give up.
    expect(await screen.findByText('Could not load more orders.')).toBeTruthy();
    fakeApi({ 'GET /api/events/7/orders?cursor=c1': [200, page([order(2, 'Bea Older')], null)] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bea Older')).toBeTruthy();
  });
});
