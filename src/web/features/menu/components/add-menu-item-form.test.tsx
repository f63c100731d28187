import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fillIn, renderWithApp } from '@web/test/render';
import { AddMenuItemForm } from './add-menu-item-form';

describe('AddMenuItemForm', () => {
  it('requires a name and a price', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<AddMenuItemForm truckId={7} />);
    await user.click(screen.getByRole('button', { name: /add/i }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['Item name is required', 'Price is required']);
    expect(calls).toEqual([]);
  });

  it('refuses a price of zero or one with more than two decimals', async () => {
    fakeApi({});
    const { user } = renderWithApp(<AddMenuItemForm truckId={7} />);
    await fillIn(user, { 'Item Name': 'Taco', 'Price ($)': '0' });
    await user.click(screen.getByRole('button', { name: /add/i }));
    expect((await screen.findByRole('alert')).textContent).toBe('Price must be greater than 0');
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '1.005');
    expect((await screen.findByRole('alert')).textContent).toBe('Use at most 2 decimals');
  });
});

describe('AddMenuItemForm dietary fields', () => {
  it('sends the ticked dietary tags and allergens with the item', async () => {
    const calls = fakeApi({
      'POST /api/menu-items': [
        201,
        { id: 1, name: 'Elote', dietaryTags: ['vegetarian'], allergens: ['milk'] },
      ],
    });
    const { user } = renderWithApp(<AddMenuItemForm truckId={7} />);
    await fillIn(user, { 'Item Name': 'Elote', 'Price ($)': '5' });
    await user.click(
      within(screen.getByRole('group', { name: 'Dietary tags' })).getByRole('checkbox', {
        name: 'Vegetarian',
      }),
    );
    await user.click(
      within(screen.getByRole('group', { name: 'Contains allergens' })).getByRole('checkbox', {
        name: 'Milk',
      }),
    );
    await user.click(screen.getByRole('button', { name: /add menu item/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      body: expect.objectContaining({
        name: 'Elote',
        price: 5,
        dietaryTags: ['vegetarian'],
        allergens: ['milk'],
      }),
    });
  });
});

describe('AddMenuItemForm stock per event', () => {
  it('sends the stock typed, and no limit when the field is left empty', async () => {
    const calls = fakeApi({ 'POST /api/menu-items': [201, { id: 1, name: 'Brisket', stockPerEvent: 40 }] });
    const { user } = renderWithApp(<AddMenuItemForm truckId={7} />);
    await fillIn(user, { 'Item Name': 'Brisket', 'Price ($)': '16', 'Stock per event (optional)': '40' });
    await user.click(screen.getByRole('button', { name: /add menu item/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      body: expect.objectContaining({ name: 'Brisket', stockPerEvent: 40 }),
    });
  });

  it('refuses a negative stock with the reason', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<AddMenuItemForm truckId={7} />);
    await fillIn(user, { 'Item Name': 'Brisket', 'Price ($)': '16', 'Stock per event (optional)': '-3' });
    await user.click(screen.getByRole('button', { name: /add menu item/i }));
    expect((await screen.findByRole('alert')).textContent).toBe('Stock per event cannot be negative');
    expect(calls).toEqual([]);
  });
});
