import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { fakeApi, renderWithApp } from '@web/test/render';
import { AddMenuItemForm } from './add-menu-item-form';

// The menu form in Spanish (issue 41); English is put back afterwards for the worker's other files.
beforeAll(() => switchLanguage('es'));
afterAll(() => switchLanguage('en'));

describe('the menu form in Spanish', () => {
  it('asks for a dish’s name and price in Spanish', async () => {
    fakeApi({});
    const { user } = renderWithApp(<AddMenuItemForm truckId={7} />);
    await user.click(screen.getByRole('button', { name: 'Agregar platillo' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(['El nombre del platillo es obligatorio', 'El precio es obligatorio']);
    expect(screen.getByRole('group', { name: 'Etiquetas alimentarias' })).toBeTruthy();
  });
});
