import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserDto } from '@contract/auth';
import { truckUser } from '@web/test/fixtures';
import { fakeApi, refusal, renderWithApp } from '@web/test/render';
import { OrganizerProfileForm } from './organizer-profile-form';

const organizer: UserDto = {
  ...truckUser,
  id: 9,
  username: 'olivia',
  role: 'organizer',
  businessName: null,
  contactEmail: 'olivia@school.example',
};

describe('OrganizerProfileForm', () => {
  it('saves the mail topics without asking for the password while the address stays', async () => {
    const calls = fakeApi({ 'PATCH /api/users/9': [200, { ...organizer, mailTopics: ['payouts'] }] });
    const { user } = renderWithApp(<OrganizerProfileForm user={organizer} />);
    await user.click(screen.getByLabelText('Requests and answers'));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Profile updated successfully');
    expect(calls[0]!.body).not.toHaveProperty('currentPassword');
  });

  it('asks for the current password before a new, changed or removed address is sent', async () => {
    const calls = fakeApi({
      'PATCH /api/users/9': refusal('Incorrect current password', {
        currentPassword: 'Incorrect current password',
      }),
    });
    const { user } = renderWithApp(<OrganizerProfileForm user={organizer} />);
    await user.clear(screen.getByLabelText('Contact Email'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(
      await screen.findByText(/^Enter your current password to change your e-mail address/),
    ).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Contact Email'), 'new@school.example');
    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.body).toMatchObject({
      contactEmail: 'new@school.example',
      currentPassword: 'not-my-password',
    });
    await expect
      .poll(() => screen.getByLabelText('Current password').getAttribute('aria-invalid'))
      .toBe('true');
  });
});
