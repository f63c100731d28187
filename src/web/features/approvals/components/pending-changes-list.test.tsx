import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeRequestDto } from '@contract/events';
import { fakeApi, renderWithApp } from '@web/test/render';
import { PendingChangesList } from './pending-changes-list';

const change: ChangeRequestDto = {
  id: 7,
  eventId: 42,
  status: 'pending',
  date: '2026-12-06',
  startTime: '19:30',
  endTime: '22:00',
  location: 'Riverside Park',
  startsAt: '2026-12-07T01:30:00.000Z',
  endsAt: '2026-12-07T04:00:00.000Z',
  previousStartsAt: '2026-12-06T00:00:00.000Z',
  previousEndsAt: '2026-12-06T03:00:00.000Z',
  previousDate: '2026-12-05',
  previousStartTime: '18:00',
  previousEndTime: '21:00',
  previousLocation: 'Lincoln Elementary',
  timeZone: 'America/Chicago',
  answerBy: '2026-12-02T18:00:00.000Z',
  answeredAt: null,
  response: null,
  createdAt: '2026-12-01T18:00:00.000Z',
  eventTitle: 'Library Taco Night',
};

describe('PendingChangesList', () => {
  it('shows what changes and by when, in the event zone, and accepts only after confirmation', async () => {
    const calls = fakeApi({
      'GET /api/change-requests/pending': [200, [change]],
      'POST /api/events/42/change-requests/7/answer': [200, { ...change, status: 'accepted' }],
    });
    const { user } = renderWithApp(<PendingChangesList />);
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('Sat, Dec 5, 2026, 6:00 PM CST – 9:00 PM CST at Lincoln Elementary');
    expect(item.textContent).toContain('Sun, Dec 6, 2026, 7:30 PM CST – 10:00 PM CST at Riverside Park');
    expect(item.textContent).toContain('Answer by: Wed, Dec 2, 2026, 12:00 PM CST');

    await user.click(within(item).getByRole('button', { name: 'Accept Change' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this change?' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Message to the organizer/), 'See you there');
    await user.click(within(dialog).getByRole('button', { name: 'Accept Change' }));
    expect(await screen.findAllByText('Change accepted.')).not.toHaveLength(0);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/events/42/change-requests/7/answer',
      body: { answer: 'accept', response: 'See you there' },
    });
  });

  it('sends nothing when the truck backs out of the dialog with Escape', async () => {
    const calls = fakeApi({ 'GET /api/change-requests/pending': [200, [change]] });
    const { user } = renderWithApp(<PendingChangesList />);
    await user.click(await screen.findByRole('button', { name: 'Decline Change' }));
    await screen.findByRole('alertdialog', { name: 'Decline this change?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
