import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n-runtime';
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

describe('RemindMeForm in Spanish', () => {
  afterEach(() => switchLanguage('en'));

  it("asks for a valid e-mail in Spanish, the schema's message included", async () => {
    await switchLanguage('es');
    const calls = fakeApi({});
    const { user } = renderWithApp(<RemindMeForm eventId={42} />);
    expect(screen.getByRole('heading', { name: '¿Aún no quieres pedir?' })).toBeTruthy();
    expect(screen.getByLabelText('Correo para el recordatorio').getAttribute('placeholder')).toBe(
      'tu@ejemplo.com',
    );
    await user.click(screen.getByRole('button', { name: 'Recuérdamelo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escribe un correo electrónico válido');
    expect(calls).toEqual([]);
  });
});
