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
import {
  PASSWORD_IS_USERNAME,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
} from '@core/schemas/auth';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { useT, type TranslateValues } from '@web/lib/i18n';

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
 * The account schemas' messages (core/schemas/auth.ts, English: the server says them too), by their
 * words, to the key that says them in the page's language.
 */
const MESSAGES: Record<string, [key: string, values?: TranslateValues]> = {
  'Username is required': ['usernameRequired'],
  'Username must be at most 50 characters': ['usernameTooLong'],
  'Username may use letters, digits and _ . @ - only': ['usernameCharacters'],
  'Password is required': ['passwordRequired'],
  [PASSWORD_TOO_SHORT]: ['passwordTooShort', { min: PASSWORD_MIN_LENGTH }],
  [`Password must be at most ${PASSWORD_MAX_LENGTH} characters`]: [
    'passwordTooLong',
    { max: PASSWORD_MAX_LENGTH },
  ],
  [PASSWORD_TOO_COMMON]: ['passwordTooCommon'],
  [PASSWORD_IS_USERNAME]: ['passwordIsUsername'],
  'Please select your role': ['selectRole'],
  'Invalid email address': ['invalidEmail'],
  "Passwords don't match": ['passwordsDontMatch'],
  'Current password is required': ['currentPasswordRequired'],
  'Incorrect current password': ['incorrectCurrentPassword'],
  'Enter your username or e-mail address': ['loginRequired'],
  'This link is incomplete': ['linkIncomplete'],
  'This link is not valid': ['linkInvalid'],
};

/**
 * A field's message in the page's language: a schema's own words through the catalog; anything else
 * (the server's refusal, already in the page's language) as it is.
 */
export function useAuthMessage(): (message: string | undefined) => string | undefined {
  const t = useT('app');
  return (message) => {
    const known = message === undefined ? undefined : MESSAGES[message];
    return known ? t(`auth.errors.${known[0]}`, known[1]) : message;
  };
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
  label,
  confirmLabel,
}: {
  form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T>;
  name: Path<T>;
  label?: string;
  confirmLabel?: string;
}) {
  const t = useT('app');
  const message = useAuthMessage();
  const confirm = 'confirmPassword' as Path<T>;
  const errorOf = (field: Path<T>) => message(form.getFieldState(field, form.formState).error?.message);
  return (
    <>
      <FormField
        label={label ?? t('auth.newPassword')}
        error={errorOf(name)}
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        <Input type="password" autoComplete="new-password" {...form.register(name)} />
      </FormField>
      <FormField label={confirmLabel ?? t('auth.confirmNewPassword')} error={errorOf(confirm)}>
        <Input type="password" autoComplete="new-password" {...form.register(confirm)} />
      </FormField>
    </>
  );
}
