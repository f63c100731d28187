import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fillIn, refusal, renderWithApp } from '@web/test/render';
import type { PaymentRequest } from '../payment-request';
import { SimulatorCardForm } from './simulator-card-form';

const REQUEST: PaymentRequest = {
  eventId: 42,
  orderId: 1,
  clientSecret: 'pi_1_secret_x',
  amount: 1200,
  mode: 'hold',
  chargeNow: false,
};

describe('SimulatorCardForm', () => {
  it('names each missing card field and confirms nothing', async () => {
    const calls = fakeApi({});
    const confirmed = vi.fn();
    const { user } = renderWithApp(<SimulatorCardForm request={REQUEST} onConfirmed={confirmed} />);
    await user.click(screen.getByRole('button', { name: 'Authorize $12.00' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['Card number is required', 'Expiration date is required', 'CVC is required']);
    expect(calls).toEqual([]);
    expect(confirmed).not.toHaveBeenCalled();
  });

  it('takes the diner to the first field to fix', async () => {
    fakeApi({});
    const { user } = renderWithApp(<SimulatorCardForm request={REQUEST} onConfirmed={() => {}} />);
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Authorize $12.00' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Expiration (MM/YY)')));
  });

  it("marks a card number the server refuses under the field, in words, without the field's internal name", async () => {
    fakeApi({
      'POST /api/payments/simulator/confirm': refusal('Your card number is invalid.', {
        cardNumber: 'Your card number is invalid.',
      }),
    });
    const { user } = renderWithApp(<SimulatorCardForm request={REQUEST} onConfirmed={() => {}} />);
    await fillIn(user, { 'Card number': '1234567812345678', 'Expiration (MM/YY)': '1230', CVC: '123' });
    await user.click(screen.getByRole('button', { name: 'Authorize $12.00' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['Your card number is invalid.']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));
  });

  it("shows a declined card's own message", async () => {
    fakeApi({
      'POST /api/payments/simulator/confirm': [
        402,
        { code: 'payment_declined', message: 'Your card was declined.' },
      ],
    });
    const { user } = renderWithApp(<SimulatorCardForm request={REQUEST} onConfirmed={() => {}} />);
    await fillIn(user, { 'Card number': '4000000000000002', 'Expiration (MM/YY)': '1230', CVC: '123' });
    await user.click(screen.getByRole('button', { name: 'Authorize $12.00' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByText('Payment failed')).toBeTruthy();
  });
});
