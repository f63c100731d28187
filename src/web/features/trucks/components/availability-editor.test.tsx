import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithApp } from '@web/test/render';
import { AvailabilityEditor } from './availability-editor';

const HELD =
  'You accepted “Winter Market” on Sunday, December 20, 2026. Blocking that date would not call that event off: ' +
  "if you can't come, call that event off from My Bookings first (diners and the organizer are told), then block the date.";

const calendar = { ranges: [], unavailableWeekdays: [] };

describe('the truck’s availability form', () => {
  it('shows why days that hold an accepted event were not blocked, next to the form, and keeps what was typed', async () => {
    const calls = fakeApi({
      'GET /api/trucks/me/availability': [200, calendar],
      'POST /api/trucks/me/availability/ranges': [409, { code: 'date_holds_accepted_event', message: HELD }],
    });
    const { user } = renderWithApp(<AvailabilityEditor />);
    const form = await screen.findByRole('form', { name: 'Mark dates unavailable' });
    await user.type(screen.getByLabelText('First day'), '2026-12-20');
    await user.type(screen.getByLabelText('Note (only you see it)'), 'Court date');
    await user.click(screen.getByRole('button', { name: 'Mark unavailable' }));

    const alert = await vi.waitFor(() => {
      const found = screen.getAllByRole('alert').find((a) => form.contains(a));
      if (!found) throw new Error('no alert in the form yet');
      return found;
    });
    expect(alert.textContent).toBe(HELD);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/trucks/me/availability/ranges',
        body: { startsOn: '2026-12-20', endsOn: '2026-12-20', note: 'Court date' },
      },
    ]);
    expect((screen.getByLabelText('Note (only you see it)') as HTMLInputElement).value).toBe('Court date');
  });

  it('shows the same refusal under the week when a day off would fall on an accepted event', async () => {
    fakeApi({
      'GET /api/trucks/me/availability': [200, calendar],
      'PUT /api/trucks/me/availability/week': [409, { code: 'date_holds_accepted_event', message: HELD }],
    });
    const { user } = renderWithApp(<AvailabilityEditor />);
    await user.click(await screen.findByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('button', { name: 'Save my week' }));
    const week = screen.getByRole('group', { name: 'Days you never work' });
    await vi.waitFor(() => expect(week.querySelector('[role="alert"]')?.textContent).toBe(HELD));
    // Changing the days clears it: the next save is a new question.
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    expect(week.querySelector('[role="alert"]')).toBeNull();
  });
});
