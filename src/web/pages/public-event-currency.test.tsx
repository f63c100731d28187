import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventDetailDto } from '@contract/events';
import type { MenuItemDto } from '@contract/menu';
import type { Currency } from '@core/currency';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { pendingEvent } from '@web/test/fixtures';
import { fakeApi, fillIn, renderWithApp } from '@web/test/render';
import { PublicEventPage } from './public-event-page';

/**
 * The diner's event page and checkout in the truck's currency (issue 41, decision 230): the answers'
 * decimal strings read in the currency's digits ("1500" yen is ¥1,500), every amount shown in it, and
 * the amount sent to create-payment-intent in its minor units, as the server prices the order.
 */
const dish = (currency: Currency, price: string): MenuItemDto =>
  ({
    id: 5,
    foodTruckId: 7,
    currency,
    name: 'Ramen',
    description: null,
    price,
    image: null,
    category: 'Entree',
    isActive: true,
    stockPerEvent: null,
    dietaryTags: [],
    allergens: [],
  }) as MenuItemDto;

const openEvent = (currency: Currency, currentSales: string, minimumSales: string): EventDetailDto => ({
  ...pendingEvent,
  status: 'approved',
  approvalDate: '2030-05-01T12:00:00.000Z',
  currency,
  currentSales,
  minimumSales,
  priceMarkupPercentage: '0.00',
});

// The cart this browser keeps for the event (use-kept-cart) starts empty in each test.
beforeEach(() => localStorage.clear());

const order = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.find((c) => c.path === '/api/events/42/create-payment-intent')?.body as
    { amount: number; items: unknown[] } | undefined;

function renderEvent(event: EventDetailDto, item: MenuItemDto) {
  const calls = fakeApi({
    'GET /api/events/42': [200, event],
    'GET /api/menu-items/7': [200, [item]],
    'GET /api/events/42/pickup-slots': [200, { slots: [] }],
    'POST /api/events/42/create-payment-intent': [
      400,
      { code: 'invalid_request', message: 'stop here', errors: {} },
    ],
  });
  const rendered = renderWithApp(
    <Routes>
      <Route path="/events/public/:id" element={<PublicEventPage />} />
    </Routes>,
    { path: '/events/public/42' },
  );
  return { calls, ...rendered };
}

/** What the page announced last ("Added Ramen to your cart: …"). */
const announced = () => document.querySelector('p.sr-only[role="status"]')?.textContent;

async function addTwoAndCheckout(user: ReturnType<typeof renderWithApp>['user'], add: string) {
  const button = await screen.findByRole('button', { name: add });
  await user.click(button);
  await user.click(button);
}

describe('the event page of a truck selling in yen', () => {
  it('shows ¥ without decimals, totals in yen, and sends the total in yen', async () => {
    const { user, calls } = renderEvent(openEvent('JPY', '3000', '60000'), dish('JPY', '1500'));
    const card = (await screen.findByRole('heading', { name: 'Ramen' })).closest('article')!;
    // ¥1,500 on the menu and 5% platform fee on top: ¥75; no markup.
    expect(within(card).getByText('¥1,575')).toBeTruthy();
    expect(within(card).getByTestId('price-breakdown').textContent).toBe(
      '¥1,500 menu price + ¥75 platform fee (5%)',
    );
    await addTwoAndCheckout(user, 'Add to Cart');

    const cart = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(cart).getByText('¥1,575 each')).toBeTruthy();
    expect(within(cart).getByText('¥3,150')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('¥3,150');
    // The tips in yen: 10% of ¥3,000 of food.
    expect(screen.getByText('10% · ¥300')).toBeTruthy();
    expect(announced()).toBe('Added Ramen to your cart: 2 items, ¥3,150.');
    // The progress, read in yen: not ¥300,000 of ¥6,000,000.
    const raised = await screen.findByText('raised of ¥60,000 goal');
    expect(raised.parentElement!.textContent).toBe('¥3,000 raised of ¥60,000 goal');
    expect(screen.getByText('5% funded · ¥57,000 still needed')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$\d|¥[\d,]+\.\d/);

    await fillIn(user, { 'Your Name': 'Kenji', 'Email Address': 'kenji@example.com' });
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(order(calls)).toBeDefined());
    const sent = order(calls)!;
    // Two dishes at ¥1,500 + ¥75 fee: 3150 yen, what the server prices the order at (its minor units).
    expect(sent.amount).toBe(3150);
    expect(sent.items).toEqual([{ menuItemId: 5, quantity: 2, name: 'Ramen' }]);
  });

  it('takes a typed tip in whole yen and refuses decimals', async () => {
    const { user } = renderEvent(openEvent('JPY', '0', '60000'), dish('JPY', '1500'));
    await addTwoAndCheckout(user, 'Add to Cart');
    await user.click(await screen.findByText('Other'));
    const amount = screen.getByLabelText('Tip amount (JPY)');
    expect(amount.getAttribute('placeholder')).toBe('500');
    await user.type(amount, '300');
    expect(screen.getByTestId('cart-tip').textContent).toBe('¥300');
    expect(screen.getByTestId('cart-total').textContent).toBe('¥3,450');
    await user.clear(amount);
    await user.type(amount, '2.50');
    expect(await screen.findByText('Enter the tip in JPY, like 550')).toBeTruthy();
    // The yen's own largest tip (¥75,000), not 50,000 minor units written for dollars.
    await user.clear(amount);
    await user.type(amount, '60000');
    expect(screen.getByTestId('cart-tip').textContent).toBe('¥60,000');
    await user.clear(amount);
    await user.type(amount, '75001');
    expect(await screen.findByText('A tip can be at most ¥75,000')).toBeTruthy();
  });
});

describe('the event page in US dollars', () => {
  it('reads and writes dollars as before', async () => {
    const { user } = renderEvent(openEvent('USD', '30.00', '600.00'), dish('USD', '12.50'));
    const card = (await screen.findByRole('heading', { name: 'Ramen' })).closest('article')!;
    expect(within(card).getByText('$13.13')).toBeTruthy();
    await addTwoAndCheckout(user, 'Add to Cart');
    expect(await screen.findByText('$13.13 each')).toBeTruthy();
    expect(announced()).toBe('Added Ramen to your cart: 2 items, $26.26.');
    // The state table's sentence, word for word as core's describeProgressSentence says it.
    expect(await screen.findByText('5% funded · $570.00 still needed')).toBeTruthy();
    await user.click(screen.getByText('Other'));
    expect(screen.getByLabelText('Tip amount ($)').getAttribute('placeholder')).toBe('5.00');
  });
});

describe('the event page of a truck selling in euros, in Spanish', () => {
  afterEach(() => switchLanguage('en'));

  it('shows euros as the Spanish page writes them', async () => {
    await switchLanguage('es');
    // As Intl writes euros for a Spanish page (es-ES: "12,50 €", decision 231), spaces made plain for matching.
    const euros = (minor: number) =>
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' })
        .format(minor / 100)
        .replace(/\s/g, ' ');
    const { user, calls } = renderEvent(openEvent('EUR', '25.00', '500.00'), dish('EUR', '12.50'));
    const card = (await screen.findByRole('heading', { name: 'Ramen' })).closest('article')!;
    // €12.50 and a 5% fee of €0.63 (0.625, half up).
    expect(within(card).getByText(euros(1313))).toBeTruthy();
    expect(within(card).getByTestId('price-breakdown').textContent!.replace(/\s/g, ' ')).toContain(
      euros(1250),
    );
    await addTwoAndCheckout(user, 'Agregar al carrito');
    expect(await screen.findByText(`${euros(1313)} c/u`)).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent!.replace(/\s/g, ' ')).toBe(euros(2626));
    const raised = await screen.findByText(`recaudados de una meta de ${euros(50000)}`, { exact: false });
    expect(raised.parentElement!.textContent!.replace(/\s/g, ' ')).toContain(euros(2500));
    expect(document.body.textContent).not.toMatch(/\$\d/);

    // Without a name and e-mail: the toast's title and the schema's words in Spanish.
    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    expect(await screen.findByText('Faltan datos')).toBeTruthy();
    expect(screen.getByText('Escribe tu nombre y tu correo electrónico')).toBeTruthy();
    expect(order(calls)).toBeUndefined();
    await fillIn(user, { 'Tu nombre': 'Sofía', 'Correo electrónico': 'sofia@example.com' });
    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    await waitFor(() => expect(order(calls)).toBeDefined());
    expect(order(calls)!.amount).toBe(2626);
    expect(await screen.findByText('Error en el pago')).toBeTruthy();
  });
});
