import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { ListStates, RecordLoadError } from './load-more';

const read = (state: { isPending?: boolean; isError?: boolean; data?: string[] }) => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: vi.fn(async () => undefined),
  ...state,
});

function list(query: ReturnType<typeof read>) {
  return render(
    <ListStates query={query} loading="Loading tacos…" failed="Failed to load tacos" empty={<p>No tacos</p>}>
      {(tacos) => (
        <ul>
          {tacos.map((taco) => (
            <li key={taco}>{taco}</li>
          ))}
        </ul>
      )}
    </ListStates>,
  );
}

describe('ListStates', () => {
  it('announces the load, then shows the items', () => {
    const { rerender } = list(read({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading tacos…');
    rerender(
      <ListStates query={read({ data: ['al pastor', 'carnitas'] })} loading="" failed="" empty={null}>
        {(tacos) => <p>{tacos.join(' and ')}</p>}
      </ListStates>,
    );
    expect(screen.getByText('al pastor and carnitas')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when there is nothing', () => {
    list(read({ data: [] }));
    expect(screen.getByText('No tacos')).toBeTruthy();
  });

  it('says the read failed and asks again on Retry', async () => {
    const query = read({ isError: true });
    list(query);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load tacos');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('keeps the items of a paged list whose later page failed', () => {
    list(read({ isError: true, data: ['al pastor'] }));
    expect(screen.getByText('al pastor')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('RecordLoadError', () => {
  const back = <a href="/bookings">Back to My Bookings</a>;

  it.each([404, 403])("gives the server's reason and the way back on a %i", (status) => {
    const query = {
      error: new ApiError(status, status === 404 ? 'not_found' : 'forbidden', 'This booking is not yours'),
      refetch: vi.fn(),
    };
    render(<RecordLoadError query={query} notFound="Booking not found" back={back} failed="Failed" />);
    expect(screen.getByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(screen.getByText('This booking is not yours')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Bookings' })).toBeTruthy();
  });

  it('offers Retry when the read failed otherwise', () => {
    const query = { error: new ApiError(500, 'internal_error', 'Internal Server Error'), refetch: vi.fn() };
    render(
      <RecordLoadError query={query} notFound="Booking not found" back={back} failed="Failed to load" />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Booking not found' })).toBeNull();
  });
});
