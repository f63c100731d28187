import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@web/test/render';
import { PayoutsTable } from './payouts-table';

const line = {
  eventId: 3,
  title: 'Taxed Taco Night',
  date: '2026-11-20',
  currency: 'USD' as const,
  gross: '45.23',
  refunds: '13.91',
  platformFee: '1.00',
  salesTax: '1.82',
  tips: '6.50',
  share: '28.32',
  gifts: '0.00',
  discounts: '0.00',
  guarantee: '0.00',
  status: 'scheduled' as const,
  scheduledFor: '2026-11-23T21:00:00.000Z',
  paidAt: null,
  reason: null,
};

describe('the payouts table', () => {
  it('says how much of the truck’s share is sales tax and tips', () => {
    renderWithApp(
      <PayoutsTable
        party="truck"
        events={[line, { ...line, eventId: 4, title: 'Plain night', salesTax: '0.00', tips: '0.00' }]}
      />,
    );
    // Once in the phone's cards and once in the wide table.
    expect(screen.getAllByText('Includes $1.82 sales tax and $6.50 tips')).toHaveLength(2);
    expect(screen.queryAllByText(/^Includes/)).toHaveLength(2);
  });
});
