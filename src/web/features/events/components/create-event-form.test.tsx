import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TruckSummaryDto } from '@contract/trucks';
import { pendingEvent, truckUser } from '@web/test/fixtures';
import { fakeApi, renderWithApp } from '@web/test/render';
import { CallOffEventDialog } from './call-off-event-dialog';
import { CreateEventForm } from './create-event-form';

/** A page of the truck directory, as GET /api/trucks answers it. */
function directoryPage(trucks: TruckSummaryDto[], nextCursor: string | null = null): [number, unknown] {
  const cards = trucks.map((t) => ({
    ...t,
    profileImage: null,
    menuItemCount: 3,
    nextFreeDate: null,
    rating: null,
    dietaryTags: [],
    distanceMeters: null,
  }));
  return [200, { trucks: cards, nextCursor, cuisines: [], near: null }];
}

/** Chooses the truck named `name` from the search's first page. */
async function chooseTruck(user: UserEvent, name = 'Taco Town') {
  const list = await screen.findByRole('list', { name: 'Food trucks found' });
  await user.click(within(list).getByRole('button', { name: new RegExp(name) }));
}

describe('CreateEventForm', () => {
  it('can be sent only once a truck is chosen, then names every missing field', async () => {
    const calls = fakeApi({
      'GET /api/menu-items/7': [200, []],
      'GET /api/trucks?limit=8': directoryPage([truckUser]),
    });
    const { user } = renderWithApp(<CreateEventForm organizerId={3} />);
    const submit = screen.getByRole('button', { name: 'Create Event' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await chooseTruck(user);
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
    fakeApi({
      'GET /api/menu-items/7': [200, []],
      'GET /api/trucks?limit=8': directoryPage([truckUser]),
    });
    const { user } = renderWithApp(<CreateEventForm organizerId={3} />);
    await chooseTruck(user);
    fireEvent.change(screen.getByLabelText('Sales Goal ($)'), { target: { value: '100' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The sales goal must be at least \$500\.00/,
    );
    expect(screen.getByRole('button', { name: 'Create Event' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('CreateEventForm validation and cause', () => {
  async function fillValid(user: UserEvent) {
    await chooseTruck(user);
    await user.type(screen.getByLabelText('Event Title'), 'Library Night');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Start Time'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('End Time'), { target: { value: '21:00' } });
    await user.type(screen.getByLabelText('Location'), 'Lincoln Elementary');
  }

  it('refuses an end time before the start, and a $0.00 goal, without sending', async () => {
    const calls = fakeApi({
      'GET /api/menu-items/7': [200, []],
      'GET /api/trucks?limit=8': directoryPage([{ ...truckUser, minimumSales: null }]),
    });
    const { user } = renderWithApp(<CreateEventForm organizerId={3} />);
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
      'GET /api/trucks?limit=8': directoryPage([truckUser]),
    });
    const { user } = renderWithApp(<CreateEventForm organizerId={3} />);
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

describe("CreateEventForm's truck search", () => {
  const truck = (id: number, businessName: string, minimumSales = '300.00'): TruckSummaryDto => ({
    ...truckUser,
    id,
    businessName,
    minimumSales,
  });

  it('searches by name a page at a time, loads more, and chooses by keyboard', async () => {
    const calls = fakeApi({
      'GET /api/trucks?limit=8': directoryPage([truckUser, truck(8, 'Bao Wow')]),
      'GET /api/trucks?q=bao&limit=8': directoryPage([truck(8, 'Bao Wow')], 'c1'),
      'GET /api/trucks?q=bao&limit=8&cursor=c1': directoryPage([truck(9, 'Bao Down', '650.00')]),
      'GET /api/menu-items/9': [200, []],
    });
    const { user } = renderWithApp(<CreateEventForm organizerId={3} />);
    expect(await screen.findByRole('button', { name: /Taco Town.*Minimum \$500\.00/ })).toBeTruthy();

    await user.type(screen.getByLabelText('Select Food Truck'), 'bao');
    const list = screen.getByRole('list', { name: 'Food trucks found' });
    await expect.poll(() => within(list).queryByRole('button', { name: /Taco Town/ })).toBeNull();
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringMatching(/^Bao Wow/)]);
    await user.click(screen.getByRole('button', { name: 'Load more trucks' }));
    await screen.findByRole('button', { name: /Bao Down/ });
    expect(screen.queryByRole('button', { name: 'Load more trucks' })).toBeNull();
    // Each typed letter did not ask the server: only the settled search did.
    expect(calls.filter((c) => c.path.startsWith('/api/trucks?q=')).map((c) => c.path)).toEqual([
      '/api/trucks?q=bao&limit=8',
      '/api/trucks?q=bao&limit=8&cursor=c1',
    ]);

    // From the search box: down to the first truck, down again, Enter chooses.
    screen.getByLabelText('Select Food Truck').focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const chosen = screen.getByRole('region', { name: 'Selected food truck' });
    expect(chosen.textContent).toContain('Bao Down');
    expect(chosen.textContent).toContain('Minimum Sales Requirement: $650.00');
    expect((screen.getByLabelText('Sales Goal ($)') as HTMLInputElement).value).toBe('650.00');
    // The list folds away once a truck is chosen.
    expect(screen.queryByRole('list', { name: 'Food trucks found' })).toBeNull();
  });

  it('comes with the truck from "Request this truck" chosen, and says at once it cannot take the date', async () => {
    fakeApi({
      'GET /api/trucks?limit=8': directoryPage([truckUser]),
      'GET /api/menu-items/7': [200, []],
      'GET /api/trucks/7/availability?date=2030-06-01': [
        200,
        {
          truckId: 7,
          from: '2030-06-01',
          to: '2030-07-31',
          unavailableWeekdays: [],
          unavailableDates: [],
          bookedDates: ['2030-06-01'],
          date: { date: '2030-06-01', available: false, reason: 'Taco Town is already booked on this date' },
          nextFreeDate: '2030-06-02',
        },
      ],
    });
    renderWithApp(<CreateEventForm organizerId={3} initialTruck={truckUser} initialDate="2030-06-01" />);
    expect(screen.getByRole('region', { name: 'Selected food truck' }).textContent).toContain('Taco Town');
    expect((screen.getByLabelText('Sales Goal ($)') as HTMLInputElement).value).toBe('500.00');
    expect(await screen.findByText('Taco Town is already booked on this date')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Event' }).hasAttribute('disabled')).toBe(true);
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
    await user.click(screen.getByRole('button', { name: 'Call off event' }));
    expect(await screen.findByText('This event has already closed')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/events/42/cancel', body: { reason: 'Storm warning' } },
    ]);
  });
});
