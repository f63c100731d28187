import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { truckUser } from '@web/test/fixtures';
import { fakeApi, refusal, renderWithApp } from '@web/test/render';
import { TruckProfileForm } from './truck-profile-form';

describe('TruckProfileForm', () => {
  it('requires a business name and a valid contact e-mail, and sends nothing until then', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<TruckProfileForm user={{ ...truckUser, businessName: null }} />);
    await user.clear(screen.getByLabelText('Contact Email'));
    await user.type(screen.getByLabelText('Contact Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['Business name is required', 'Invalid email address']);
    expect(calls).toEqual([]);
  });

  it('marks the fields the server refused and shows its message in the error toast', async () => {
    fakeApi({
      'PATCH /api/users/7': refusal('Phone is too long (phone)', { phone: 'Phone is too long' }),
    });
    const { user } = renderWithApp(<TruckProfileForm user={truckUser} />);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Phone is too long')).toBeTruthy();
    expect(screen.getByText('Phone is too long (phone)')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the current password only when the contact e-mail moves, and sends it then', async () => {
    const calls = fakeApi({ 'PATCH /api/users/7': [200, { ...truckUser, contactEmail: 'new@example.com' }] });
    const { user } = renderWithApp(<TruckProfileForm user={truckUser} />);
    // The same address in another case is not a move.
    await user.clear(screen.getByLabelText('Contact Email'));
    await user.type(screen.getByLabelText('Contact Email'), 'TACOS@example.com');
    expect(screen.queryByLabelText('Current password')).toBeNull();

    await user.clear(screen.getByLabelText('Contact Email'));
    await user.type(screen.getByLabelText('Contact Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(
      await screen.findByText(/^Enter your current password to change your e-mail address/),
    ).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Current password'), 'my-secret-pw-1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Profile updated successfully');
    expect(calls[0]!.body).toMatchObject({
      contactEmail: 'new@example.com',
      currentPassword: 'my-secret-pw-1',
    });
    // Saved: the new address is the one on file, so no password is asked any more.
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('shows a wrong password under its field, and sends none while the address stays', async () => {
    const calls = fakeApi({
      'PATCH /api/users/7': refusal('Incorrect current password', {
        currentPassword: 'Incorrect current password',
      }),
    });
    const { user } = renderWithApp(<TruckProfileForm user={truckUser} />);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Incorrect current password');
    expect(calls[0]!.body).not.toHaveProperty('currentPassword');

    await user.clear(screen.getByLabelText('Contact Email'));
    await user.type(screen.getByLabelText('Contact Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.body).toMatchObject({ currentPassword: 'not-my-password' });
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });
});
