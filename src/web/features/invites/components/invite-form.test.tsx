import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fillIn, renderWithApp } from '@web/test/render';
import { InviteForm } from './invite-form';

describe('InviteForm', () => {
  it('asks for at least one address, then for valid ones', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<InviteForm eventId={42} sender="confirmed" />);
    await user.click(screen.getByRole('button', { name: 'Send Invitations' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter at least one email address');
    await user.type(screen.getByLabelText('Email addresses'), 'a@example.com, nope');
    await user.click(screen.getByRole('button', { name: 'Send Invitations' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter valid email addresses');
    expect(calls).toEqual([]);
  });

  it('sends the addresses and the message, then clears the form', async () => {
    const calls = fakeApi({
      'POST /api/events/42/invite': [200, { message: 'Invitations sent successfully!', sent: 2 }],
    });
    const { user } = renderWithApp(<InviteForm eventId={42} sender="confirmed" />);
    await fillIn(user, {
      'Email addresses': 'a@example.com, b@example.com',
      'Personal message (optional)': 'Come hungry',
    });
    await user.click(screen.getByRole('button', { name: 'Send Invitations' }));
    expect(await screen.findByText('Invitations sent successfully!')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      emails: ['a@example.com', 'b@example.com'],
      customMessage: 'Come hungry',
    });
    expect((screen.getByLabelText('Email addresses') as HTMLTextAreaElement).value).toBe('');
  });

  it('asks an account to confirm its e-mail address before it may write a message', async () => {
    const calls = fakeApi({
      'POST /api/events/42/invite': [200, { message: 'Invitations sent successfully!', sent: 1 }],
    });
    const { user } = renderWithApp(<InviteForm eventId={42} sender="unconfirmed" />);
    expect(screen.queryByLabelText('Personal message (optional)')).toBeNull();
    expect(screen.getByRole('link', { name: 'Confirm your e-mail address' }).getAttribute('href')).toBe(
      '/account',
    );
    await user.type(screen.getByLabelText('Email addresses'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invitations' }));
    expect(await screen.findByText('Invitations sent successfully!')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ emails: ['a@example.com'], customMessage: '' });
  });
});
