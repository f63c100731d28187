import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '@web/test/render';
import { CallOffEventDialog } from './call-off-event-dialog';

const event = {
  id: 42,
  title: 'Block party',
  status: 'approved' as const,
  startsAt: '2099-06-01T23:00:00.000Z',
  endsAt: '2099-06-02T02:00:00.000Z',
};

describe('the call-off dialog', () => {
  it('names its buttons by what they do, and tells the organizer the truck reads the reason', async () => {
    const calls = fakeApi({ 'POST /api/events/42/cancel': [200, { id: 42 }] });
    const closed: boolean[] = [];
    const { user } = renderWithApp(<CallOffEventDialog event={event} onClose={() => closed.push(true)} />);
    expect(screen.getByRole('heading', { name: 'Call off this event?' })).toBeTruthy();
    expect(screen.getByLabelText('Reason (optional, shared with diners and the food truck)')).toBeTruthy();
    expect(screen.getByText(/told by e-mail, as is the food truck\./)).toBeTruthy();
    // Never "Cancel" beside "Cancel Event".
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep event' }));
    expect(calls).toEqual([]);
    expect(closed).toEqual([true]);
  });

  it('tells the truck, who writes the reason, that the organizer reads it', async () => {
    fakeApi({});
    renderWithApp(<CallOffEventDialog event={event} by="truck" onClose={() => {}} />);
    expect(screen.getByLabelText('Reason (optional, shared with diners and the organizer)')).toBeTruthy();
    expect(screen.getByText(/told by e-mail, as is the organizer\./)).toBeTruthy();
    expect(screen.queryByText(/shared with diners and the truck/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Call off event' })).toBeTruthy();
  });
});
