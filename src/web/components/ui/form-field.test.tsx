import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n-runtime';
import { FieldError, FormField } from './form-field';

function field(error: string) {
  render(
    <FormField label="Title" error={error}>
      <input />
    </FormField>,
  );
  return screen.getByRole('alert').textContent;
}

describe("a form field's error", () => {
  afterEach(() => switchLanguage('en'));

  it("says the schema's English words on an English page", () => {
    expect(field('Title is required')).toBe('Title is required');
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says them in Spanish on a Spanish page, numbers and names kept', async () => {
    await switchLanguage('es');
    expect(field('Title is required')).toBe('El título es obligatorio');
    const idOfError = screen.getByRole('alert').id;
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe(idOfError);
    render(<FieldError>Use the HH:MM format</FieldError>);
    render(<FieldError>String must contain at most 1 character</FieldError>);
    render(<FieldError>String must contain at most 120 characters</FieldError>);
    render(
      <FieldError>{"The sales goal must be at least $1,500.00, Rosa's Tacos's minimum sales"}</FieldError>,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'El título es obligatorio',
      'Usa el formato HH:MM',
      'Puede tener como máximo 1 carácter',
      'Puede tener como máximo 120 caracteres',
      "La meta de ventas debe ser de al menos $1,500.00, las ventas mínimas de Rosa's Tacos",
    ]);
  });

  it('leaves a message it does not know as it is: a server refusal, one already translated', async () => {
    await switchLanguage('es');
    render(<FieldError>Ese nombre de usuario ya existe</FieldError>);
    render(<FieldError>This username is taken</FieldError>);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Ese nombre de usuario ya existe',
      'This username is taken',
    ]);
  });
});
