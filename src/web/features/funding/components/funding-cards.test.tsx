import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { fakeApi, renderWithApp } from '@web/test/render';
import { EventSponsors } from './event-sponsors';
import { PromoCodesCard } from './promo-codes-card';
import { SponsorsCard } from './sponsors-card';

/**
 * The organizer's promo code and sponsor cards and the event page's sponsors (decisions 222, 223):
 * the spec's English, and the same screens in Spanish when the page speaks it.
 */
afterEach(() => switchLanguage('en'));

const code = (over: Record<string, unknown>) => ({
  id: 1,
  code: 'PTA10',
  percentOff: 10,
  amountOffCents: null,
  maxUses: 50,
  uses: 3,
  chargedUses: 2,
  discountCents: 400,
  expiresAt: null,
  active: true,
  createdAt: '2026-11-21T12:00:00.000Z',
  ...over,
});

function answers() {
  fakeApi({
    'GET /api/events/7/promo-codes': [
      200,
      {
        codes: [
          code({}),
          code({ id: 2, code: 'TAKE2', percentOff: null, amountOffCents: 200, maxUses: null, active: false }),
        ],
      },
    ],
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
            giftCents: 5000,
            hidden: false,
            shown: false,
          },
          {
            id: 2,
            name: 'Hardware Co.',
            url: null,
            logoUrl: null,
            kind: 'outside',
            giftCents: null,
            hidden: false,
            shown: true,
          },
        ],
      },
    ],
    'GET /api/events/7/sponsors': [
      200,
      {
        sponsors: [{ id: 2, name: 'Hardware Co.', url: 'https://hardware.example', logoUrl: null }],
        sponsorMinCents: 5000,
        giftsCents: 2500,
      },
    ],
  });
}

describe('the funding cards', () => {
  it('read as the spec writes them in English', async () => {
    answers();
    renderWithApp(
      <>
        <PromoCodesCard eventId={7} />
        <SponsorsCard eventId={7} />
        <EventSponsors eventId={7} />
      </>,
    );
    expect(await screen.findByText('10% off · 3 of 50 used')).toBeTruthy();
    expect(screen.getByText('$2.00 off · 3 used · switched off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch off PTA10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch on TAKE2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Code' })).toBeTruthy();
    expect(await screen.findByText('gift of $50.00 · shown once the gift is charged')).toBeTruthy();
    expect(screen.getByText('paid outside the app · shown on the page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide Corner Bakery' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sponsors and gifts' })).toBeTruthy();
    expect(screen.getByText('$25.00 given to the cause beside the food.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hardware Co.' }).getAttribute('href')).toBe(
      'https://hardware.example',
    );
  });

  it('read in Spanish when the page speaks Spanish', async () => {
    await switchLanguage('es');
    answers();
    renderWithApp(
      <>
        <PromoCodesCard eventId={7} />
        <SponsorsCard eventId={7} />
        <EventSponsors eventId={7} />
      </>,
    );
    expect(await screen.findByText('10% de descuento · 3 de 50 usados')).toBeTruthy();
    expect(screen.getByText('$2.00 de descuento · 3 usados · desactivado')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Códigos de descuento' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar PTA10' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear código' })).toBeTruthy();
    expect(
      await screen.findByText('donativo de $50.00 · se mostrará cuando se cobre el donativo'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ocultar a Corner Bakery' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Patrocinadores y donativos' })).toBeTruthy();
    expect(screen.getByText('$25.00 donados a la causa además de la comida.')).toBeTruthy();
    expect(screen.queryByText(/ off ·|Switch off|Create Code|shown once|given to the cause/)).toBeNull();
  });
});
