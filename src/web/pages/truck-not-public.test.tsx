import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { truckUser } from '../test/fixtures';
import { fakeApi, renderWithApp } from '../test/render';
import { TruckPage } from './trucks-pages';

const notFound: [number, unknown] = [404, { code: 'truck_not_found', message: 'Food truck not found' }];

function openOwnPage() {
  return renderWithApp(
    <Routes>
      <Route path="/trucks/:id" element={<TruckPage />} />
    </Routes>,
    { path: `/trucks/${truckUser.id}` },
  );
}

describe("a truck's own page before it is public", () => {
  it('tells the truck why (no dish yet) and where to add one, instead of Page Not Found', async () => {
    fakeApi({
      'GET /api/user': [200, truckUser],
      [`GET /api/trucks/${truckUser.id}`]: notFound,
      [`GET /api/menu-items/${truckUser.id}`]: [200, []],
    });
    openOwnPage();
    expect(await screen.findByRole('heading', { name: 'Your page is not public yet' })).toBeTruthy();
    expect(await screen.findByText(': missing')).toBeTruthy();
    const needs = screen.getByRole('list', { name: 'What your page needs' });
    expect(needs.textContent).toContain('At least one dish on your menu, switched on: missing');
    expect(needs.textContent).toContain('A business name: done');
    const link = screen.getByRole('link', { name: 'Add a dish to your menu' });
    expect(link.getAttribute('href')).toBe('/profile#truck-menu');
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it('still shows Page Not Found to anyone else', async () => {
    fakeApi({
      'GET /api/user': [200, { ...truckUser, id: 99 }],
      [`GET /api/trucks/${truckUser.id}`]: notFound,
    });
    openOwnPage();
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});
