import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_LABELS } from '@core/schemas/auth';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { fakeApi, fillIn, refusal, renderWithApp } from '@web/test/render';
import { truckUser } from '@web/test/fixtures';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { EmailVerificationCard } from './email-verification-card';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';
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
    fakeApi({
      'POST /api/login': [401, { code: 'invalid_credentials', message: 'Invalid username or password' }],
    });
    const { user } = renderWithApp(<LoginForm />);
    await fillIn(user, { Username: 'sam', Password: 'wrong-password' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});

describe('RegisterForm', () => {
  it('explains every refused field', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<RegisterForm />);
    await fillIn(user, { Password: 'abc', 'Confirm Password': 'abd', 'Email (optional)': 'not-an-email' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([
      'Username is required',
      'Password must be at least 10 characters',
      'Invalid email address',
      'Please select your role',
    ]);
    expect(calls).toEqual([]);
  });

  it('says when the two passwords differ', async () => {
    fakeApi({});
    const { user } = renderWithApp(<RegisterForm />);
    await fillIn(user, {
      Username: 'sam',
      Password: 'violet-harbor-42',
      'Confirm Password': 'violet-harbor-43',
    });
    await user.selectOptions(screen.getByLabelText('Account Type'), 'organizer');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toHaveLength(1);
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's reason under the password field when the password is too common", async () => {
    const message = 'This password is too common or has appeared in a data breach. Please choose another.';
    const calls = fakeApi({ 'POST /api/register': refusal(message, { password: message }) });
    const { user } = renderWithApp(<RegisterForm />);
    await fillIn(user, { Username: 'sam', Password: 'Password123', 'Confirm Password': 'Password123' });
    await user.selectOptions(screen.getByLabelText('Account Type'), 'organizer');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const fieldError = document.getElementById(password.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(fieldError?.textContent).toBe(message);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      username: 'sam',
      password: 'Password123',
      role: 'organizer',
      email: undefined,
    });
  });

  it('checks only the length in the browser, and says what it needs', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<RegisterForm />);
    expect(screen.getByText('At least 10 characters, and not a common password')).toBeTruthy();
    await fillIn(user, { Username: 'sam', Password: 'nine-char', 'Confirm Password': 'nine-char' });
    await user.selectOptions(screen.getByLabelText('Account Type'), 'organizer');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Password must be at least 10 characters',
    ]);
    expect(calls).toEqual([]);
  });
});

describe('LoginForm links', () => {
  it('offers "Forgot password?"', () => {
    fakeApi({});
    renderWithApp(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

/** Sends the change password form with `current` and a good new password, typed twice. */
async function changePassword(user: UserEvent, current: string) {
  await fillIn(user, {
    'Current password': current,
    'New password': 'violet-harbor-42',
    'Confirm new password': 'violet-harbor-42',
  });
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('needs the current password and the same new one twice, and sends nothing otherwise', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<ChangePasswordForm />);
    await fillIn(user, { 'New password': 'violet-harbor-42', 'Confirm new password': 'violet-harbor-24' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Current password is required',
      "Passwords don't match",
    ]);
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      "Passwords don't match",
    ]);
    expect(calls).toEqual([]);
  });

  it("marks a wrong current password under its field, with the server's words", async () => {
    fakeApi({
      'POST /api/account/password': refusal('Incorrect current password', {
        currentPassword: 'Incorrect current password',
      }),
    });
    const { user } = renderWithApp(<ChangePasswordForm />);
    await changePassword(user, 'not-it-at-all');
    await waitFor(() =>
      expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getAllByText('Incorrect current password').length).toBeGreaterThanOrEqual(1);
  });

  it('says the other devices were signed out, and empties the form', async () => {
    const calls = fakeApi({
      'POST /api/account/password': [
        200,
        { message: 'Your password was changed. Every other device was signed out.' },
      ],
    });
    const { user } = renderWithApp(<ChangePasswordForm />);
    await changePassword(user, 'old-password-1');
    expect(
      await screen.findByText('Your password was changed. Every other device was signed out.'),
    ).toBeTruthy();
    expect(calls[0]!.body).toEqual({ currentPassword: 'old-password-1', newPassword: 'violet-harbor-42' });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});

describe('ChangeEmailForm', () => {
  it('asks for a valid address and the password, then says where the link went', async () => {
    const calls = fakeApi({
      'POST /api/account/email': [
        200,
        { ...truckUser, contactEmail: 'new@example.com', emailVerified: false },
      ],
    });
    const { user } = renderWithApp(<ChangeEmailForm hasEmail />);
    await user.type(screen.getByLabelText('New e-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Invalid email address',
      'Current password is required',
    ]);
    await user.clear(screen.getByLabelText('New e-mail address'));
    await fillIn(user, { 'New e-mail address': 'new@example.com', 'Your password': 'violet-harbor-42' });
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('We sent a link to new@example.com to confirm it.')).toBeTruthy();
    expect(calls[0]!.body).toEqual({ email: 'new@example.com', currentPassword: 'violet-harbor-42' });
  });
});

describe('EmailVerificationCard', () => {
  it('says the address waits for confirmation and sends the link again', async () => {
    const sent = 'We sent a new link to tacos@example.com. It works for 48 hours.';
    const calls = fakeApi({ 'POST /api/account/verification-email': [200, { message: sent }] });
    const { user } = renderWithApp(<EmailVerificationCard user={{ ...truckUser, emailVerified: false }} />);
    expect(screen.getByText('Please confirm your e-mail address')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(sent)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/account/verification-email']);
  });

  it('shows a confirmed address, and asks an account without one to add it', () => {
    fakeApi({});
    const { unmount } = renderWithApp(<EmailVerificationCard user={truckUser} />);
    expect(screen.getByText('E-mail address confirmed')).toBeTruthy();
    unmount();
    renderWithApp(
      <EmailVerificationCard user={{ ...truckUser, contactEmail: null, emailVerified: false }} />,
    );
    expect(screen.getByText('No e-mail address')).toBeTruthy();
  });
});

describe('ForgotPasswordForm', () => {
  it('asks for a username or address, then shows the answer that tells nothing about the account', async () => {
    const answer =
      "If an account matches, we've e-mailed a link to reset its password. The link works for 1 hour.";
    const calls = fakeApi({ 'POST /api/password-reset/request': [200, { message: answer }] });
    const { user } = renderWithApp(<ForgotPasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your username or e-mail address');
    await user.type(screen.getByLabelText('Username or e-mail address'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(answer)).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/password-reset/request', body: { login: 'sam@example.com' } },
    ]);
  });
});

describe('ResetPasswordForm', () => {
  it('sends the token with the new password', async () => {
    const reset = 'Your password was reset. Please sign in with your new password.';
    const calls = fakeApi({ 'POST /api/password-reset': [200, { message: reset }] });
    const { user } = renderWithApp(<ResetPasswordForm token="tok_123" />);
    await fillIn(user, { 'New password': 'violet-harbor-42', 'Confirm new password': 'violet-harbor-42' });
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(reset)).toBeTruthy();
    expect(calls[0]!.body).toEqual({ token: 'tok_123', password: 'violet-harbor-42' });
  });

  it('says when the link has expired and offers a new one', async () => {
    const expired = 'This reset link has expired or was already used. Please ask for a new one.';
    fakeApi({ 'POST /api/password-reset': refusal(expired, { token: expired }) });
    const { user } = renderWithApp(<ResetPasswordForm token="tok_old" />);
    await fillIn(user, { 'New password': 'violet-harbor-42', 'Confirm new password': 'violet-harbor-42' });
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findAllByText(expired)).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

describe('in Spanish', () => {
  // As the header's language select does it: the page's catalogs in the other language, one re-render.
  afterEach(() => switchLanguage('en'));

  it("says the register form's labels and the schema's messages in Spanish", async () => {
    await switchLanguage('es');
    const calls = fakeApi({});
    const { user } = renderWithApp(<RegisterForm />);
    await fillIn(user, {
      Contraseña: 'abc',
      'Confirmar contraseña': 'abd',
      'Correo electrónico (opcional)': 'no-es-un-correo',
    });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual([
      'El nombre de usuario es obligatorio',
      'La contraseña debe tener al menos 10 caracteres',
      'Correo electrónico no válido',
      'Elige tu rol',
    ]);
    expect(screen.getByText('Al menos 10 caracteres, y que no sea una contraseña común')).toBeTruthy();
    const roles = screen.getByLabelText('Tipo de cuenta');
    expect([...roles.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Elige tu rol',
      'Organizador de eventos',
      'Dueño de food truck',
    ]);
    expect(calls).toEqual([]);
  });

  it("keeps core's role names as the English words", () => {
    renderWithApp(<RegisterForm />);
    const roles = screen.getByLabelText('Account Type');
    expect([...roles.querySelectorAll('option')].map((o) => o.textContent).slice(1)).toEqual([
      ROLE_LABELS.organizer,
      ROLE_LABELS.foodtruck,
    ]);
  });
});
