import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingEvent, truckUser } from '@web/test/fixtures';
import { fakeApi, renderWithApp } from '@web/test/render';
import { CallOffEventDialog } from './call-off-event-dialog';
import { CreateEventForm } from './create-event-form';

describe('CreateEventForm', () => {
  it('can be sent only once a truck is chosen, then names every missing field', async () => {
    const calls = fakeApi({ 'GET /api/menu-items/7': [200, []] });
    const { user } = renderWithApp(<CreateEventForm trucks={[truckUser]} organizerId={3} />);
    const submit = screen.getByRole('button', { name: 'Create Event' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Select Food Truck'), String(truckUser.id));
    await user.click(submit);
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining([
        'Title is required',
        'Start time is required',
        'End time is required',
        'Location is required',
      ]),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("says at once when the goal is under the truck's minimum, and won't send it", async () => {
    fakeApi({ 'GET /api/menu-items/7': [200, []] });
    const { user } = renderWithApp(<CreateEventForm trucks={[truckUser]} organizerId={3} />);
    await user.selectOptions(screen.getByLabelText('Select Food Truck'), String(truckUser.id));
    fireEvent.change(screen.getByLabelText('Sales Goal ($)'), { target: { value: '100' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The sales goal must be at least \$500\.00/,
    );
    expect(screen.getByRole('button', { name: 'Create Event' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('CreateEventForm validation and cause', () => {
  async function fillValid(user: import('@testing-library/user-event').UserEvent) {
    await user.selectOptions(screen.getByLabelText('Select Food Truck'), String(truckUser.id));
    await user.type(screen.getByLabelText('Event Title'), 'Library Night');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Start Time'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('End Time'), { target: { value: '21:00' } });
    await user.type(screen.getByLabelText('Location'), 'Lincoln Elementary');
  }

  it('refuses an end time before the start, and a $0.00 goal, without sending', async () => {
    const calls = fakeApi({ 'GET /api/menu-items/7': [200, []] });
    const { user } = renderWithApp(
      <CreateEventForm trucks={[{ ...truckUser, minimumSales: null }]} organizerId={3} />,
    );
    await fillValid(user);
    fireEvent.change(screen.getByLabelText('End Time'), { target: { value: '17:00' } });
    fireEvent.change(screen.getByLabelText('Sales Goal ($)'), { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining([
        'End time must be after the start time',
        'The sales goal must be more than $0.00',
      ]),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the optional "Why we\'re raising" text with the request', async () => {
    const calls = fakeApi({
      'GET /api/menu-items/7': [200, []],
      'POST /api/events': [201, { ...pendingEvent, id: 51 }],
    });
    const { user } = renderWithApp(<CreateEventForm trucks={[truckUser]} organizerId={3} />);
    await fillValid(user);
    const cause = screen.getByLabelText("Why we're raising");
    expect(cause.getAttribute('maxlength')).toBe('2000');
    await user.type(cause, 'New books for our library.');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event request sent to food truck for approval');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ title: 'Library Night', cause: 'New books for our library.' });
  });
});

describe('CallOffEventDialog', () => {
  it('caps the reason at 500 characters, sends it, and shows a refusal in the error toast', async () => {
    const calls = fakeApi({
      'POST /api/events/42/cancel': [
        409,
        { code: 'event_not_cancellable', message: 'This event has already closed' },
      ],
    });
    const { user } = renderWithApp(
      <CallOffEventDialog
        event={{
          id: 42,
          title: 'Block party',
          status: 'open',
          startsAt: '2030-06-01T23:00:00.000Z',
          endsAt: '2030-06-02T02:00:00.000Z',
        }}
        onClose={() => {}}
      />,
    );
    const reason = screen.getByLabelText(/Reason/);
    expect(reason.getAttribute('maxlength')).toBe('500');
    await user.type(reason, '  Storm warning  ');
    await user.click(screen.getByRole('button', { name: 'Cancel Event' }));
    expect(await screen.findByText('This event has already closed')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/events/42/cancel', body: { reason: 'Storm warning' } },
    ]);
  });
});
