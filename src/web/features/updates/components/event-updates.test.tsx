import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UPDATE_MAX_LENGTH } from '@core/schemas/momentum';
import { fakeApi, renderWithApp } from '@web/test/render';
import { EventUpdates } from './event-updates';

describe('EventUpdates: posting', () => {
  it('refuses an empty update', async () => {
    const calls = fakeApi({ 'GET /api/events/42/updates': [200, []] });
    const { user } = renderWithApp(<EventUpdates eventId={42} canPost />);
    await user.click(await screen.findByRole('button', { name: 'Post update' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write something to post');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's message for the text field under it", async () => {
    fakeApi({
      'GET /api/events/42/updates': [200, []],
      'POST /api/events/42/updates': [
        429,
        {
          code: 'updates_per_day_exceeded',
          message: 'This event already sent 10 updates today',
          errors: { text: 'Ten updates a day at most' },
        },
      ],
    });
    const { user } = renderWithApp(<EventUpdates eventId={42} canPost />);
    await user.type(await screen.findByLabelText('Post an update'), 'Doors open at 6');
    await user.click(screen.getByRole('button', { name: 'Post update' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ten updates a day at most');
    expect(screen.getByText(new RegExp(`/${UPDATE_MAX_LENGTH}\\)`))).toBeTruthy();
  });
});
