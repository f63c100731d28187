import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { pendingEvent } from '@web/test/fixtures';
import { fakeApi, renderWithApp } from '@web/test/render';
import { CallOffEventDialog } from './call-off-event-dialog';
import { OrganizerEventCard } from './organizer-event-card';

const event = {
  ...pendingEvent,
  currentSales: '250.00',
  minimumSales: '1000.00',
  foodTruckResponse: 'See you there',
};

// The other files of this project speak English (src/web/test/english.ts): this one gives it back.
afterEach(() => switchLanguage('en'));

describe("an organizer's event card", () => {
  it('reads as the spec writes it in English', () => {
    renderWithApp(<OrganizerEventCard event={event} onCancel={() => {}} />);
    expect(screen.getByText('Pending approval')).toBeTruthy();
    expect(screen.getByText('with Taco Town')).toBeTruthy();
    expect(screen.getByText('Current sales').nextElementSibling?.textContent).toBe('$250.00');
    expect(screen.getByText('Minimum sales').nextElementSibling?.textContent).toBe('$1,000.00');
    expect(screen.getByText('Food truck’s response:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders and totals: Block party' }).textContent).toBe(
      'Orders & Totals',
    );
    expect(screen.getByRole('link', { name: 'View Event' })).toBeTruthy();
  });

  it('reads in Spanish when the page speaks Spanish', async () => {
    await switchLanguage('es');
    renderWithApp(<OrganizerEventCard event={event} onCancel={() => {}} />);
    expect(screen.getByText('Pendiente de aprobación')).toBeTruthy();
    expect(screen.getByText('con Taco Town')).toBeTruthy();
    expect(screen.getByText('Ventas actuales').nextElementSibling?.textContent).toBe('$250.00');
    expect(screen.getByText('Ventas mínimas')).toBeTruthy();
    expect(screen.getByText('Comensales esperados')).toBeTruthy();
    // Dates in the page's language, in the event's zone.
    expect(screen.getByText('Fecha').nextElementSibling?.textContent).toMatch(/^sáb/);
    expect(screen.getByText('Respuesta del food truck:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedidos y totales: Block party' }).textContent).toBe(
      'Pedidos y totales',
    );
    expect(screen.getByRole('link', { name: 'Ver evento' })).toBeTruthy();
    expect(screen.queryByText(/Current sales|Orders & Totals|View Event/)).toBeNull();
  });

  it('asks before calling the event off, in Spanish', async () => {
    await switchLanguage('es');
    fakeApi({});
    renderWithApp(
      <CallOffEventDialog
        event={{
          ...event,
          status: 'approved',
          startsAt: '2099-06-01T23:00:00.000Z',
          endsAt: '2099-06-02T02:00:00.000Z',
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: '¿Cancelar este evento?' })).toBeTruthy();
    expect(screen.getByLabelText('Motivo (opcional; lo verán los comensales y el food truck)')).toBeTruthy();
    expect(screen.getByText(/“Block party” se cancelará\..*igual que al food truck\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Conservar el evento' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar evento' })).toBeTruthy();
  });
});
