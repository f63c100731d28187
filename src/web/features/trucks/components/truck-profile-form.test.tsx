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
});
