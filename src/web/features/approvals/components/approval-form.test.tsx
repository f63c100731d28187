import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingEvent } from '@web/test/fixtures';
import { fakeApi, renderWithApp } from '@web/test/render';
import { ApprovalForm } from './approval-form';

describe('ApprovalForm', () => {
  it('offers the default goal and refuses a negative or empty one', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<ApprovalForm event={pendingEvent} />);
    const goal = screen.getByLabelText('Minimum Sales Goal ($)') as HTMLInputElement;
    expect(goal.value).toBe('1000.00');
    await user.clear(goal);
    await user.type(goal, '-5');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Must be a positive amount');
    expect(calls).toEqual([]);
  });

  it("shows the server's reason when the answer comes too late", async () => {
    fakeApi({
      'POST /api/events/42/approve': [
        409,
        { code: 'event_request_expired', message: 'This request expired' },
      ],
    });
    const { user } = renderWithApp(<ApprovalForm event={pendingEvent} />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This request expired')).toBeTruthy();
  });

  it('names the status when the server gave no reason', async () => {
    fakeApi({ 'POST /api/events/42/approve': [502, ''] });
    const { user } = renderWithApp(<ApprovalForm event={pendingEvent} />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to submit approval (Status: 502)')).toBeTruthy();
  });
});
