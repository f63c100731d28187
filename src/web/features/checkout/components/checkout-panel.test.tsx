import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_CART, INVALID_EMAIL, MISSING_INFORMATION } from '@core/schemas/checkout';
import { fakeApi, renderWithApp } from '@web/test/render';
import type { CartLine } from '../cart';
import { CheckoutPanel, type Customer } from './checkout-panel';

const TACO: CartLine = { menuItemId: 1, name: 'Taco', baseCents: 450, quantity: 2 };

function Checkout({ lines, onPaymentReady }: { lines: CartLine[]; onPaymentReady: () => void }) {
  const [customer, setCustomer] = useState<Customer>({ name: '', email: '' });
  return (
    <CheckoutPanel
      eventId={42}
      lines={lines}
      dispatch={() => {}}
      markupBasisPoints={0}
      markupPercentage={0}
      customer={customer}
      onCustomerChange={setCustomer}
      onPaymentReady={onPaymentReady}
      onOrderRefused={() => {}}
      paymentStep={null}
    />
  );
}

describe('CheckoutPanel', () => {
  it('asks for a name and e-mail, then a valid e-mail, before making an order', async () => {
    const calls = fakeApi({});
    const ready = vi.fn();
    const { user } = renderWithApp(<Checkout lines={[TACO]} onPaymentReady={ready} />);
    const proceed = screen.getByRole('button', { name: 'Proceed to Payment' });
    await user.click(proceed);
    expect(await screen.findByText(MISSING_INFORMATION)).toBeTruthy();
    expect(screen.getByText('Missing Information')).toBeTruthy();

    await user.type(screen.getByLabelText('Your Name'), 'Sam');
    await user.type(screen.getByLabelText('Email Address'), 'sam@nowhere');
    await user.click(proceed);
    expect(await screen.findByText(INVALID_EMAIL)).toBeTruthy();
    expect(screen.getByText('Invalid Email')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(ready).not.toHaveBeenCalled();
  });

  it('refuses an empty cart', async () => {
    fakeApi({});
    const { user } = renderWithApp(<Checkout lines={[]} onPaymentReady={() => {}} />);
    await user.type(screen.getByLabelText('Your Name'), 'Sam');
    await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText(EMPTY_CART)).toBeTruthy();
  });
});

describe('the cart price breakdown', () => {
  it('splits the total into food, organizer markup and platform fee that add up to it', () => {
    fakeApi({});
    renderWithApp(
      <CheckoutPanel
        eventId={42}
        lines={[TACO, { menuItemId: 2, name: 'Odd', baseCents: 333, quantity: 3 }]}
        dispatch={() => {}}
        markupBasisPoints={1250}
        markupPercentage={12.5}
        customer={{ name: '', email: '' }}
        onCustomerChange={() => {}}
        onPaymentReady={() => {}}
        onOrderRefused={() => {}}
        paymentStep={null}
      />,
    );
    const breakdown = screen.getByText('Food at menu prices').closest('dl')!;
    const rows = Object.fromEntries(
      [...breakdown.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    // 2 tacos at $4.50 and 3 at $3.33: $18.99 of food.
    expect(rows['Food at menu prices']).toBe('$18.99');
    expect(Object.keys(rows)).toEqual([
      'Food at menu prices',
      'Organizer markup (12.5%)',
      'Platform fee (5%)',
    ]);
    const sum = Object.values(rows).reduce(
      (total, value) => total + Math.round(Number(value!.slice(1)) * 100),
      0,
    );
    const total = screen.getByTestId('cart-total').textContent!;
    expect(sum).toBe(Math.round(Number(total.slice(1)) * 100));
  });
});
