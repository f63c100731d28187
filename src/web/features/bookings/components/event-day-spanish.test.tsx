import { render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventOrderDto } from '@contract/orders';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { EventDayOrder, EventDayTotals } from './event-day-order';
import { LiveOrdersNote } from './live-orders-note';

// The truck's screen in Spanish (issue 41), switched as the language switcher does (its catalogs, dates).
// The files of a worker share the i18n module: English is put back afterwards, as the others expect it.
beforeAll(() => switchLanguage('es'));
afterAll(() => switchLanguage('en'));

const order: EventOrderDto = {
  id: 7,
  pickupCode: 'K7Q2M',
  currency: 'USD',
  customerName: 'Dana Diner',
  note: 'Sin cebolla',
  status: 'charged',
  fulfilment: null,
  readyAt: null,
  collectedAt: null,
  subtotalAmount: '1000.00',
  taxAmount: '0.00',
  tipAmount: '0.00',
  totalAmount: '1012.50',
  payment: 'Paid',
  createdAt: '2026-11-20T10:00:00.000Z',
  items: [{ menuItemId: 1, name: 'Taco', quantity: 1, unitPrice: '12.50' }],
  refundedAmount: '5.00',
  corrections: [
    {
      id: 1,
      amount: '5.00',
      reason: 'Faltó un taco',
      state: 'failed',
      createdAt: '2026-11-21T17:00:00.000Z',
    },
  ],
} as EventOrderDto;

describe('the event day in Spanish', () => {
  it('speaks Spanish at the window: badge, buttons, money and refunds', () => {
    render(
      <ul>
        <EventDayOrder
          order={order}
          isNew
          handoverOpen
          pending={false}
          onMark={vi.fn()}
          onUndo={vi.fn()}
          onRefund={vi.fn()}
        />
      </ul>,
    );
    const item = within(screen.getByRole('listitem', { name: /K7Q2M/ }));
    expect(item.queryAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Marcar K7Q2M como listo',
      'Marcar K7Q2M como entregado',
      'Reembolsar K7Q2M',
    ]);
    expect(item.getByText('En preparación')).toBeTruthy();
    expect(item.getByText('Nuevo')).toBeTruthy();
    expect(item.getByText('Nota:')).toBeTruthy();
    expect(item.getByText('Reembolsado $5.00 de $1,012.50')).toBeTruthy();
    expect(item.getByText(/\(el reembolso falló, se reintenta\)/)).toBeTruthy();
    const money = within(item.getByRole('group', { name: 'Dinero de K7Q2M' }));
    expect(money.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Comida',
      'Impuesto',
      'Propina',
      'Total',
    ]);
  });

  it('totals the day in the event’s currency, and says live orders are on', () => {
    render(
      <>
        <EventDayTotals
          currency="EUR"
          totals={{ food: '23.00', salesTax: '0.00', tip: '3.00', total: '31.75', refunded: '39.50' }}
        />
        <LiveOrdersNote state="live" />
      </>,
    );
    const totals = within(screen.getByRole('group', { name: 'Totales de los pedidos del día' }));
    expect(totals.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Comida',
      'Impuesto sobre ventas',
      'Propinas',
      'Reembolsado',
      'Total pagado',
    ]);
    expect(totals.getAllByRole('definition').at(-1)!.textContent).toBe(
      // Euros as a Spanish page writes them: "31,75 €" (es-ES, decision 231).
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(31.75),
    );
    expect(screen.getByText('En vivo: los pedidos nuevos aparecen al llegar')).toBeTruthy();
  });
});
