import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithApp } from '../test/render';
import { TruckPage } from './trucks-pages';

afterEach(() => vi.unstubAllGlobals());

function openTruckPage() {
  return renderWithApp(
    <Routes>
      <Route path="/trucks/:id" element={<TruckPage />} />
    </Routes>,
    { path: '/trucks/5' },
  );
}

describe("a truck's page that is not there", () => {
  it("shows Page Not Found by the answer's code, whatever its message says", async () => {
    fakeApi({
      'GET /api/trucks/5': [404, { code: 'truck_not_found', message: 'No such truck (reworded)' }],
    });
    openTruckPage();
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('says loading failed, not that the truck is gone, for a refusal of another kind', async () => {
    fakeApi({
      'GET /api/trucks/5': [403, { code: 'forbidden', message: 'Food truck not found' }],
    });
    openTruckPage();
    expect(await screen.findByText('Error loading this truck. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });
});
