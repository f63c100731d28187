import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '@web/test/render';
import { RemindMeForm } from './remind-me-form';

describe('RemindMeForm', () => {
  it('asks for a valid e-mail and clears the message once the person types', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<RemindMeForm eventId={42} />);
    await user.click(screen.getByRole('button', { name: 'Remind me' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please provide a valid email address');
    await user.type(screen.getByLabelText('Email for the reminder'), 'n');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("confirms with the server's words", async () => {
    fakeApi({
      'POST /api/events/42/reminders': [
        202,
        { message: 'Check your inbox: we sent a link to sam@example.com.' },
      ],
    });
    const { user } = renderWithApp(<RemindMeForm eventId={42} />);
    await user.type(screen.getByLabelText('Email for the reminder'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Remind me' }));
    expect(await screen.findByText('Check your inbox: we sent a link to sam@example.com.')).toBeTruthy();
  });
});
