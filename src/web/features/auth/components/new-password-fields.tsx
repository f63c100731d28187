import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@core/schemas/auth';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/** A new password and its confirmation, with the rule the server applies said under the first. */
export function NewPasswordFields<T extends FieldValues>({
  form,
  name,
  label = 'New password',
  confirmLabel = 'Confirm new password',
}: {
  form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T>;
  name: Path<T>;
  label?: string;
  confirmLabel?: string;
}) {
  const confirm = 'confirmPassword' as Path<T>;
  const errorOf = (field: Path<T>) => form.getFieldState(field, form.formState).error?.message;
  return (
    <>
      <FormField
        label={label}
        error={errorOf(name)}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password`}
      >
        <Input type="password" autoComplete="new-password" {...form.register(name)} />
      </FormField>
      <FormField label={confirmLabel} error={errorOf(confirm)}>
        <Input type="password" autoComplete="new-password" {...form.register(confirm)} />
      </FormField>
    </>
  );
}
