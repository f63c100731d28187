import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@core/schemas/auth';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';

/* What every account form (sign in, register, passwords, e-mail) shares; one module, so one chunk. */

/**
 * A form checked by the schema the server also uses: nothing is said before the first submit, and
 * after it each field's message follows what is typed. Every account form goes through this one hook.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * Puts the server's refusals under the fields they name (e.g. "This password is too common…",
 * which only the server can tell), so the reason shows where the person looks. The toast still says
 * it too; a field the form does not have is left to the toast.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.fieldErrors) return;
  let first = true;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (!(fields as readonly string[]).includes(field)) continue;
    form.setError(field as Path<T>, { message }, { shouldFocus: first });
    first = false;
  }
}

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
