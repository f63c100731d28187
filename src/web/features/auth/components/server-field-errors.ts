import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@web/lib/api-client';

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
