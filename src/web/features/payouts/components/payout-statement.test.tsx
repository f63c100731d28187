import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithApp } from '@web/test/render';
import type { PayoutLine, PayoutStatement } from '../api/get-payouts';
import { PayoutStatementView } from './payout-statement';

function line(eventId: number, title: string): PayoutLine {
  return {
    eventId,
    title,
    date: '2026-11-20',
    currency: 'USD',
    gross: '25.00',
    refunds: '0.00',
    platformFee: '1.00',
    salesTax: '0.00',
    tips: '0.00',
    share: '20.00',
    gifts: '0.00',
    discounts: '0.00',
    guarantee: '0.00',
    status: 'paid',
    scheduledFor: null,
    paidAt: '2026-11-23T21:00:00.000Z',
    reason: null,
  };
}

const page = (
  events: PayoutLine[],
  nextCursor: string | null,
  totals: PayoutStatement['totals'] = null,
): PayoutStatement => ({ party: 'truck', payoutDelayHours: 72, events, nextCursor, totals });

const TOTALS = [{ currency: 'USD' as const, share: '60.00', paid: '40.00', upcoming: '20.00' }];

/** The titles of the statement's table rows, in order (the wide screen's table). */
const rowTitles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

afterEach(() => vi.unstubAllGlobals());

describe('the payout statement, a page at a time', () => {
  it('shows one figure per currency in each total, never one sum of them (decision 230)', async () => {
    const totals = [
      ...TOTALS,
      { currency: 'EUR' as const, share: '12.50', paid: '0.00', upcoming: '12.50' },
      { currency: 'JPY' as const, share: '1500', paid: '1500', upcoming: '0' },
    ];
    fakeApi({ 'GET /api/payouts': [200, page([line(3, 'Newest night')], null, totals)] });
    renderWithApp(<PayoutStatementView />);
    await screen.findByText('Newest night', { selector: 'table a' }, { timeout: 15_000 });
    const tile = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(tile('Your share')).toBe('$60.00 · €12.50 · ¥1,500');
    expect(tile('Paid out')).toBe('$40.00 · €0.00 · ¥1,500');
  });

  it('shows the totals over every event and loads older events below the latest until there are no more', async () => {
    const calls = fakeApi({
      'GET /api/payouts': [200, page([line(3, 'Newest night')], 'c1', TOTALS)],
      'GET /api/payouts?cursor=c1': [200, page([line(2, 'Older night')], 'c2')],
      'GET /api/payouts?cursor=c2': [200, page([line(1, 'Oldest night')], null)],
    });
    const { user } = renderWithApp(<PayoutStatementView />);
    await screen.findByText('Newest night', { selector: 'table a' }, { timeout: 15_000 });
    const tile = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect([tile('Your share'), tile('Paid out'), tile('Still to come')]).toEqual([
      '$60.00',
      '$40.00',
      '$20.00',
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    await screen.findByText('Older night', { selector: 'table a' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    await screen.findByText('Oldest night', { selector: 'table a' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Load more events' })).toBeNull();
    expect(rowTitles()).toEqual(['Newest night', 'Older night', 'Oldest night']);
    // The totals stay those of the first page: the pages after it carry none.
    expect(tile('Paid out')).toBe('$40.00');
    expect(calls.map((c) => c.path)).toEqual([
      '/api/payouts',
      '/api/payouts?cursor=c1',
      '/api/payouts?cursor=c2',
    ]);
  });

  it('offers no button when every event is on the first page', async () => {
    fakeApi({ 'GET /api/payouts': [200, page([line(1, 'Only night')], null, TOTALS)] });
    renderWithApp(<PayoutStatementView />);
    await screen.findByText('Only night', { selector: 'table a' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Load more events' })).toBeNull();
  });

  it('says so when the next page fails, and loads it when asked again', async () => {
    fakeApi({
      'GET /api/payouts': [200, page([line(3, 'Newest night')], 'c1', TOTALS)],
      'GET /api/payouts?cursor=c1': [
        400,
        {
          code: 'page_cursor_invalid',
          message: 'That page link is not valid; start again from the first page',
        },
      ],
    });
    const { user } = renderWithApp(<PayoutStatementView />);
    await screen.findByText('Newest night', { selector: 'table a' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    expect(
      await screen.findByText('Could not load more events. Please try again.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    fakeApi({
      'GET /api/payouts': [200, page([line(3, 'Newest night')], 'c1', TOTALS)],
      'GET /api/payouts?cursor=c1': [200, page([line(2, 'Older night')], null)],
    });
    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    await screen.findByText('Older night', { selector: 'table a' }, { timeout: 15_000 });
  });
});
