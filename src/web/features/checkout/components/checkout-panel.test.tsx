import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_CART, INVALID_EMAIL, MISSING_INFORMATION } from '@core/schemas/checkout';
import { fakeApi, fillIn, renderWithApp } from '@web/test/render';
import type { SalesTaxRule, TipChoice } from '@core/tips-and-tax';
import type { CartLine } from '../cart';
import { CheckoutPanel, type Customer } from './checkout-panel';

const TACO: CartLine = { menuItemId: 1, name: 'Taco', baseCents: 450, quantity: 2 };

const NO_TAX: SalesTaxRule = { basisPoints: 0, onFood: true, onMarkup: false };

function Checkout({
  lines,
  onPaymentReady,
  salesTax = NO_TAX,
  markupBasisPoints = 0,
}: {
  lines: CartLine[];
  onPaymentReady: () => void;
  salesTax?: SalesTaxRule;
  markupBasisPoints?: number;
}) {
  const [customer, setCustomer] = useState<Customer>({ name: '', email: '' });
  const [tip, setTip] = useState<TipChoice>();
  return (
    <CheckoutPanel
      eventId={42}
      lines={lines}
      dispatch={() => {}}
      markupBasisPoints={markupBasisPoints}
      markupPercentage={markupBasisPoints / 100}
      salesTax={salesTax}
      tip={tip}
      onTipChange={setTip}
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

    await fillIn(user, { 'Your Name': 'Sam', 'Email Address': 'sam@nowhere' });
    await user.click(proceed);
    expect(await screen.findByText(INVALID_EMAIL)).toBeTruthy();
    expect(screen.getByText('Invalid Email')).toBeTruthy();
    // No order was made (the pickup times are read, nothing is written).
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(ready).not.toHaveBeenCalled();
  });

  it('refuses an empty cart', async () => {
    fakeApi({});
    const { user } = renderWithApp(<Checkout lines={[]} onPaymentReady={() => {}} />);
    await fillIn(user, { 'Your Name': 'Sam', 'Email Address': 'sam@example.com' });
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
        salesTax={NO_TAX}
        tip={undefined}
        onTipChange={() => {}}
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

describe('tip and sales tax at checkout', () => {
  function breakdown() {
    const list = screen.getByText('Food at menu prices').closest('dl')!;
    return Object.fromEntries(
      [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
  }
  const cents = (money: string) => Math.round(Number(money.replace('$', '')) * 100);

  it('shows the tax and the chosen tip as their own lines, adding up to the total asked for', async () => {
    const calls = fakeApi({
      'POST /api/events/42/create-payment-intent': [
        200,
        { orderId: 9, clientSecret: 'pi_9_secret_x', amount: 1252, mode: 'hold', chargeNow: false },
      ],
    });
    const ready = vi.fn();
    const { user } = renderWithApp(
      <Checkout
        lines={[TACO]}
        onPaymentReady={ready}
        markupBasisPoints={1000}
        salesTax={{ basisPoints: 825, onFood: true, onMarkup: true }}
      />,
    );
    // 2 × $5.18: food $9.00, markup $0.90, fee $0.46; 8.25% of $9.90 = $0.81675 → $0.82.
    expect(breakdown()['Sales tax (8.25%)']).toBe('$0.82');
    expect(breakdown()['Tip for the crew']).toBeUndefined();
    await user.click(screen.getByLabelText('15% · $1.35'));
    expect(breakdown()['Tip for the crew']).toBe('$1.35');
    const sum = Object.values(breakdown()).reduce((total, value) => total + cents(value!), 0);
    expect(screen.getByTestId('cart-total').textContent).toBe('$12.53');
    expect(sum).toBe(1253);

    await fillIn(user, { 'Your Name': 'Sam', 'Email Address': 'sam@example.com' });
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(ready).toHaveBeenCalled());
    const body = calls.find((c) => c.path.endsWith('/create-payment-intent'))!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ amount: 1253, tipPercent: 15 });
  });

  it('takes an amount, and refuses one that is not an amount with a sentence', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<Checkout lines={[TACO]} onPaymentReady={() => {}} />);
    await user.click(screen.getByLabelText('Other'));
    const amount = screen.getByLabelText('Tip amount ($)');
    await user.type(amount, '2.50');
    expect(breakdown()['Tip for the crew']).toBe('$2.50');
    expect(screen.getByTestId('cart-total').textContent).toBe('$11.96');
    await user.clear(amount);
    await user.type(amount, '2.505');
    expect(screen.getByText('Enter the tip in dollars and cents, like 5 or 5.50')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '501');
    expect(screen.getByText('A tip can be at most $500.00')).toBeTruthy();
    await fillIn(user, { 'Your Name': 'Sam', 'Email Address': 'sam@example.com' });
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    // No order was made (the pickup times are read, nothing is written).
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
