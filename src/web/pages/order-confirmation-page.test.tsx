import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReceiptDto } from '@contract/orders';
import { fakeApi, renderWithApp } from '../test/render';
import { OrderConfirmationPage } from './order-confirmation-page';

afterEach(() => vi.unstubAllGlobals());

const SITE = 'http://192.168.1.20:3000';
function receipt(
  overrides: Partial<OrderReceiptDto['order']> = {},
  goalReached = false,
  extras: Pick<OrderReceiptDto['totals'], 'salesTax' | 'tip' | 'charged'> &
    Partial<OrderReceiptDto['totals']> = {
    salesTax: '0.00',
    tip: '0.00',
    charged: '11.50',
  },
): OrderReceiptDto {
  return {
    order: {
      id: 41,
      eventId: 7,
      customerName: 'Riley',
      customerEmail: 'riley@example.com',
      note: null,
      status: 'confirmed',
      mode: 'hold',
      totalAmount: '11.50',
      subtotalAmount: '10.00',
      taxAmount: '0.00',
      tipAmount: '0.00',
      discountAmount: '0.00',
      donationAmount: '0.00',
      donationFeeAmount: '0.00',
      currency: 'USD',
      stripePaymentIntentId: null,
      failureMessage: null,
      fixPaymentDeadline: null,
      refundPending: false,
      refundFailure: null,
      refundedAmount: null,
      refundedAt: null,
      releasedBy: null,
      createdAt: '2026-11-26T10:00:00.000Z',
      pickupCode: 'QU86S',
      fulfilment: null,
      items: [{ menuItemId: 3, name: 'Al Pastor Taco', quantity: 1, unitPrice: '11.50' }],
      corrections: [],
      ...overrides,
    },
    event: {
      id: 7,
      title: 'Library Taco Night',
      location: 'Lincoln Elementary',
      startsAt: '2026-11-29T18:00:00.000Z',
      endsAt: '2026-11-29T21:00:00.000Z',
      timeZone: 'UTC',
      status: goalReached ? 'processing' : 'approved',
      goalReached,
      percentFunded: 40,
      foodTruckName: 'Taco Loco',
    },
    lines: [
      {
        menuItemId: 3,
        name: 'Al Pastor Taco',
        quantity: 1,
        unitPrice: '11.50',
        food: '10.00',
        markup: '1.00',
        fee: '0.50',
        total: '11.50',
      },
    ],
    totals: {
      food: '10.00',
      markup: '1.00',
      fee: '0.50',
      total: '11.50',
      discount: '0.00',
      gift: '0.00',
      giftFee: '0.00',
      ...extras,
    },
    links: {
      event: `${SITE}/events/public/7?order=41&token=abc`,
      receipt: `${SITE}/events/public/7/orders/41?token=abc`,
      calendar: `${SITE}/api/events/7/calendar.ics`,
      share: `${SITE}/events/public/7`,
      pickupQr: `${SITE}/api/events/7/pickup-qr?code=QU86S`,
    },
  };
}

function open(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/events/public/:id/orders/:orderId" element={<OrderConfirmationPage />} />
    </Routes>,
    { path },
  );
}

describe('the confirmation page', () => {
  it('says the card is held, not charged, and shows the code, the receipt and the ways on', async () => {
    fakeApi({ 'GET /api/events/7/orders/41': [200, receipt()] });
    open('/events/public/7/orders/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks, Riley!' })).toBeTruthy();
    expect(screen.getByText('$11.50 held, not charged')).toBeTruthy();
    expect(screen.getByTestId('pickup-code').textContent).toBe('QU86S');
    // Links stay on the address the page was opened at; the server made them with it.
    expect(screen.getByRole('img', { name: 'QR code of pickup code QU86S' }).getAttribute('src')).toBe(
      '/api/events/7/pickup-qr?code=QU86S',
    );
    expect(screen.getByRole('link', { name: 'Back to the event' }).getAttribute('href')).toBe(
      '/events/public/7?order=41&token=abc',
    );
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/events/7/calendar.ics',
    );
    const row = screen.getByRole('row', { name: /Al Pastor Taco/ });
    expect(row.textContent).toContain('$10.00$1.00$0.50$11.50');
  });

  it('says the card is charged once the goal is reached', async () => {
    fakeApi({ 'GET /api/events/7/orders/41': [200, receipt({ status: 'charged' }, true)] });
    open('/events/public/7/orders/41');
    expect(await screen.findByText('Paid: $11.50 charged')).toBeTruthy();
  });

  it('shows the sales tax and the tip as their own lines under the items, and the total charged', async () => {
    const extras = { salesTax: '0.91', tip: '2.00', charged: '14.41' };
    fakeApi({
      'GET /api/events/7/orders/41': [
        200,
        receipt({ totalAmount: '14.41', taxAmount: '0.91', tipAmount: '2.00' }, false, extras),
      ],
    });
    open('/events/public/7/orders/41');
    expect(await screen.findByText('$14.41 held, not charged')).toBeTruthy();
    expect(screen.getByRole('row', { name: /^Items/ }).textContent).toContain('$11.50');
    expect(screen.getByRole('row', { name: /Sales tax/ }).textContent).toBe('Sales tax$0.91');
    expect(screen.getByRole('row', { name: /Tip for the crew/ }).textContent).toBe('Tip for the crew$2.00');
    expect(screen.getByRole('row', { name: /^Total/ }).textContent).toBe('Total$14.41');
  });

  it('takes a promo code off and adds a gift and its fee, so the total is what the card holds', async () => {
    const extras = {
      salesTax: '0.00',
      tip: '0.00',
      discount: '1.00',
      gift: '20.00',
      giftFee: '1.00',
      charged: '31.50',
    };
    fakeApi({ 'GET /api/events/7/orders/41': [200, receipt({ totalAmount: '31.50' }, false, extras)] });
    open('/events/public/7/orders/41');
    expect(await screen.findByText('$31.50 held, not charged')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Promo code/ }).textContent).toBe('Promo code−$1.00');
    expect(screen.getByRole('row', { name: /Gift to the cause/ }).textContent).toBe(
      'Gift to the cause$20.00',
    );
    expect(screen.getByRole('row', { name: /Fee on the gift/ }).textContent).toBe('Fee on the gift$1.00');
    expect(screen.getByRole('row', { name: /^Total/ }).textContent).toBe('Total$31.50');
  });

  it('writes a yen order in yen, its lines and totals without decimals', async () => {
    const yen = receipt(
      {
        currency: 'JPY',
        totalAmount: '1575',
        subtotalAmount: '1500',
        items: [{ menuItemId: 3, name: 'Ramen', quantity: 1, unitPrice: '1575' }],
      },
      false,
      { salesTax: '0', tip: '0', charged: '1575', discount: '0', gift: '0', giftFee: '0' },
    );
    yen.lines = [
      {
        menuItemId: 3,
        name: 'Ramen',
        quantity: 1,
        unitPrice: '1575',
        food: '1500',
        markup: '50',
        fee: '25',
        total: '1575',
      },
    ];
    yen.totals = { ...yen.totals, food: '1500', markup: '50', fee: '25', total: '1575' };
    fakeApi({ 'GET /api/events/7/orders/41': [200, yen] });
    open('/events/public/7/orders/41');
    expect(await screen.findByText('¥1,575 held, not charged')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Ramen/ }).textContent).toContain('¥1,500¥50¥25¥1,575');
    expect(screen.getByRole('row', { name: /^Total/ }).textContent).toBe('Total¥1,500¥50¥25¥1,575');
    expect(screen.queryByText('$15.75', { exact: false })).toBeNull();
  });

  it('passes a receipt link’s token on, and says so plainly when the order is not this browser’s', async () => {
    const calls = fakeApi({});
    open('/events/public/7/orders/41?token=nope');
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/events/7/orders/41?token=nope']);
    expect(screen.getByRole('link', { name: 'Go to the event' }).getAttribute('href')).toBe(
      '/events/public/7',
    );
  });
});
