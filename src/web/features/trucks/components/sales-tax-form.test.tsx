import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_SALES_TAX_BASIS_POINTS as SERVER_MAX } from '@core/tips-and-tax';
import { fakeApi, renderWithApp } from '@web/test/render';
import { truckUser } from '@web/test/fixtures';
import { MAX_SALES_TAX_BASIS_POINTS, SalesTaxForm } from './sales-tax-form';

describe('the truck’s sales tax form', () => {
  it('saves a rate in percent as basis points with what it applies to, and refuses one over 25%', async () => {
    expect(MAX_SALES_TAX_BASIS_POINTS).toBe(SERVER_MAX);
    const calls = fakeApi({
      [`PUT /api/users/${truckUser.id}/sales-tax`]: [
        200,
        { ...truckUser, salesTax: { basisPoints: 825, onFood: true, onMarkup: true } },
      ],
    });
    const { user } = renderWithApp(<SalesTaxForm user={truckUser} />);
    const rate = screen.getByLabelText('Sales-tax rate (%)');
    await user.clear(rate);
    await user.type(rate, '30');
    await user.click(screen.getByRole('button', { name: 'Save sales tax' }));
    expect(await screen.findByText('Enter a rate from 0 to 25, like 8.25')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '8.25');
    await user.click(screen.getByLabelText('The organizer’s markup'.replace('’', "'")));
    await user.click(screen.getByRole('button', { name: 'Save sales tax' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ basisPoints: 825, onFood: true, onMarkup: true });
  });
});
