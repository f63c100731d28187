import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '@web/test/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

describe('LoginForm', () => {
  it('says which fields are missing and sends nothing', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Username is required', 'Password is required']);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in the error toast", async () => {
    fakeApi({ 'POST /api/login': [401, { message: 'Invalid username or password' }] });
    const { user } = renderWithApp(<LoginForm />);
    await user.type(screen.getByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});

describe('RegisterForm', () => {
  it('explains every refused field', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<RegisterForm />);
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abd');
    await user.type(screen.getByLabelText('Email (optional)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([
      'Username is required',
      'Password must be at least 6 characters',
      'Invalid email address',
      'Please select your role',
    ]);
    expect(calls).toEqual([]);
  });

  it('says when the two passwords differ', async () => {
    fakeApi({});
    const { user } = renderWithApp(<RegisterForm />);
    await user.type(screen.getByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.selectOptions(screen.getByLabelText('Account Type'), 'organizer');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toHaveLength(1);
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
  });
});
