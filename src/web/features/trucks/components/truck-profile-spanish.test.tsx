import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truckUser } from '@web/test/fixtures';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { fakeApi, renderWithApp } from '@web/test/render';
import { TruckProfileForm } from './truck-profile-form';

// The truck's forms in Spanish (issue 41): labels and the schema's validation messages. English is put back
// afterwards for the worker's other files.
beforeAll(() => switchLanguage('es'));
afterAll(() => switchLanguage('en'));

describe('the truck’s profile form in Spanish', () => {
  it('labels the profile form and says what is wrong in Spanish', async () => {
    const calls = fakeApi({});
    const { user } = renderWithApp(<TruckProfileForm user={{ ...truckUser, businessName: null }} />);
    expect(screen.getByRole('heading', { name: 'Perfil del food truck' })).toBeTruthy();
    await user.clear(screen.getByLabelText('Correo de contacto'));
    await user.type(screen.getByLabelText('Correo de contacto'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['El nombre del negocio es obligatorio', 'Correo electrónico no válido']);
    expect(calls).toEqual([]);
  });
});
