import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserDto } from '@contract/auth';
import type { AdminEventDto, AdminEventsPage as AdminEventsPageDto } from '@contract/events';
import { pendingEvent, truckUser } from '@web/test/fixtures';
import { fakeApi, renderWithApp } from '@web/test/render';
import { AdminEventsPage } from './admin-events-page';

const admin: UserDto = { ...truckUser, id: 1, username: 'admin', role: 'admin' };
const event: AdminEventDto = { ...pendingEvent, status: 'approved' };
const page: AdminEventsPageDto = {
  events: [event],
  page: 1,
  pageSize: 20,
  total: 1,
  totalCapped: false,
  nextCursor: null,
};

function serve(answers: Record<string, [number, unknown]> = {}) {
  return fakeApi({
    'GET /api/user': [200, admin],
    'GET /api/admin/events?page=1': [200, page],
    ...answers,
  });
}

describe('AdminEventsPage', () => {
  it('hides an event with the reason the organizer and the truck are told', async () => {
    const calls = serve({ 'POST /api/admin/events/42/hidden': [200, { ...event, hidden: true }] });
    const { user } = renderWithApp(<AdminEventsPage />);
    await user.click(await screen.findByRole('button', { name: 'Hide Block party' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hide this event?' });
    expect(dialog.textContent).toContain('“Block party” disappears from every public list');
    const confirm = screen.getByRole('button', { name: 'Hide Event' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Why (the organizer and the truck are told)'), 'Spam listing');
    await user.click(confirm);
    expect(await screen.findByText('“Block party” is hidden from the public.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/events/42/hidden',
      body: { hidden: true, reason: 'Spam listing' },
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('calls an event off with the reason everyone is told', async () => {
    const calls = serve({
      'POST /api/admin/events/42/cancel': [200, { ...event, status: 'cancelled' }],
    });
    const { user } = renderWithApp(<AdminEventsPage />);
    await user.click(await screen.findByRole('button', { name: 'Call off Block party' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Call this event off?' });
    expect(dialog.textContent).toContain('“Block party” is called off by Food Truck Fund.');
    await user.type(screen.getByLabelText('Why (everyone is told)'), 'Venue flooded');
    await user.click(screen.getByRole('button', { name: 'Call Off Event' }));
    expect(await screen.findByText('“Block party” was called off. Everyone is being told.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/events/42/cancel',
      body: { reason: 'Venue flooded' },
    });
  });
});
