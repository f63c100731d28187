import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventOrderDto } from '@contract/orders';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { RefundOrderDialog, refundableCents } from './refund-order-dialog';

/** A charged order of `total` in `currency` (the API's decimal strings), `refunded` of it given back. */
function order(currency: EventOrderDto['currency'], total: string, refunded: string): EventOrderDto {
  return {
    id: 7,
    pickupCode: 'K7Q2M',
    currency,
    customerName: 'Dana Diner',
    note: null,
    status: 'charged',
    fulfilment: null,
    readyAt: null,
    collectedAt: null,
    subtotalAmount: total,
    taxAmount: currency === 'JPY' ? '0' : '0.00',
    tipAmount: currency === 'JPY' ? '0' : '0.00',
    totalAmount: total,
    payment: 'Paid',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [{ menuItemId: 1, name: 'Ramen', quantity: 1, unitPrice: total }],
    refundedAmount: refunded,
    corrections: [],
  };
}

function open(o: EventOrderDto) {
  const onRefund = vi.fn();
  render(<RefundOrderDialog order={o} pending={false} onClose={vi.fn()} onRefund={onRefund} />);
  return { onRefund, user: userEvent.setup() };
}

const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('the truck refunds an order in its currency', () => {
  afterEach(() => switchLanguage('en'));

  it('reads and writes yen as whole yen: ¥1,500 typed is 1500 yen, not 150000', async () => {
    const o = order('JPY', '3548', '500');
    expect(refundableCents(o)).toBe(3048);
    const { onRefund, user } = open(o);
    expect(screen.getByText(/Dana Diner paid ¥3,548; ¥3,048 can still be refunded/)).toBeTruthy();
    const amount = screen.getByLabelText('Amount to refund (¥)') as HTMLInputElement;
    // The whole remainder by default, written as yen are: no decimals.
    expect(amount.value).toBe('3048');

    await user.clear(amount);
    await user.type(amount, '1500');
    await user.type(screen.getByLabelText('Reason (the diner reads it)'), 'One bowl was missing');
    await user.click(screen.getByRole('button', { name: 'Refund ¥1,500' }));
    expect(onRefund).toHaveBeenCalledWith(1500, 'One bowl was missing');
  });

  it('refuses yen with decimals and more than is left, naming the amounts in yen', async () => {
    const { onRefund, user } = open(order('JPY', '3548', '500'));
    const amount = screen.getByLabelText('Amount to refund (¥)');
    await user.type(screen.getByLabelText('Reason (the diner reads it)'), 'Late');

    await user.clear(amount);
    await user.type(amount, '1500.50');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('Enter an amount of at least ¥1')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '¥5000');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('At most ¥3,048 is left to refund')).toBeTruthy();
    expect(onRefund).not.toHaveBeenCalled();
  });

  it('keeps US dollars in cents, worded as before', async () => {
    const { onRefund, user } = open(order('USD', '12.50', '0.00'));
    const amount = screen.getByLabelText('Amount to refund ($)') as HTMLInputElement;
    expect(amount.value).toBe('12.50');
    await user.clear(amount);
    await user.type(amount, '$2.5');
    await user.type(screen.getByLabelText('Reason (the diner reads it)'), 'No drink');
    await user.click(screen.getByRole('button', { name: 'Refund $2.50' }));
    expect(onRefund).toHaveBeenCalledWith(250, 'No drink');
  });

  it('writes euros as a Spanish page does', async () => {
    await switchLanguage('es');
    const { onRefund, user } = open(order('EUR', '12.50', '0.00'));
    expect(plain(screen.getByText(/Dana Diner pagó/).textContent)).toContain('12,50 €');
    const amount = screen.getByLabelText('Monto a reembolsar (€)') as HTMLInputElement;
    expect(amount.value).toBe('12.50');
    await user.type(screen.getByLabelText(/Motivo/), 'Faltó un plato');
    await user.click(screen.getByRole('button', { name: /Reembolsar 12,50/ }));
    expect(onRefund).toHaveBeenCalledWith(1250, 'Faltó un plato');
  });
});
