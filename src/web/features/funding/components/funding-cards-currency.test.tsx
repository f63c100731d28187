import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '@web/test/render';
import { PromoCodesCard } from './promo-codes-card';
import { SponsorsCard } from './sponsors-card';

/**
 * The organizer's promo code and sponsor cards of an event in yen (decision 230): amounts typed and
 * shown in whole yen, sent in its minor units (yen), never read as dollars and cents.
 */
function answers() {
  return fakeApi({
    'GET /api/events/7/promo-codes': [
      200,
      {
        codes: [
          {
            id: 2,
            code: 'TAKE200',
            percentOff: null,
            amountOffCents: 200,
            maxUses: null,
            uses: 3,
            chargedUses: 2,
            discountCents: 400,
            expiresAt: null,
            active: true,
            createdAt: '2026-11-21T12:00:00.000Z',
          },
        ],
      },
    ],
    'POST /api/events/7/promo-codes': [201, { id: 3 }],
    'GET /api/events/7/sponsors/manage': [
      200,
      {
        sponsorMinCents: 5000,
        sponsors: [
          {
            id: 1,
            name: 'Corner Bakery',
            url: null,
            logoUrl: null,
            kind: 'gift',
            giftCents: 8000,
            hidden: false,
            shown: true,
          },
        ],
      },
    ],
    'PUT /api/events/7/sponsor-minimum': [200, { sponsorMinCents: 3000, sponsors: [] }],
  });
}

describe('the funding cards of an event in yen', () => {
  it('show and take amounts in whole yen', async () => {
    const calls = answers();
    const user = userEvent.setup();
    renderWithApp(
      <>
        <PromoCodesCard eventId={7} currency="JPY" />
        <SponsorsCard eventId={7} currency="JPY" />
      </>,
    );
    expect(await screen.findByText('¥200 off · 3 used')).toBeTruthy();
    expect(await screen.findByText('gift of ¥8,000 · shown on the page')).toBeTruthy();
    const minimum = screen.getByLabelText('Least gift that names a sponsor (¥)') as HTMLInputElement;
    await waitFor(() => expect(minimum.value).toBe('5000'));

    await user.clear(minimum);
    await user.type(minimum, '3000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sponsorMinCents: 3000 }),
    );

    await user.type(screen.getByLabelText('Code'), 'YEN300');
    await user.click(screen.getByRole('radio', { name: 'Amount off (¥)' }));
    const off = screen.getByLabelText('Amount off (¥)', { selector: 'input:not([type=radio])' });
    await user.type(off, '300.5');
    await user.click(screen.getByRole('button', { name: 'Create Code' }));
    expect(await screen.findByText('Enter an amount in JPY, like 250')).toBeTruthy();
    await user.clear(off);
    await user.type(off, '¥300');
    await user.click(screen.getByRole('button', { name: 'Create Code' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        code: 'YEN300',
        amountOffCents: 300,
      }),
    );
  });
});
