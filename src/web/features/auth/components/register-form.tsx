import { registerFormSchema } from '@core/schemas/auth';
import type { z } from '@core/schemas/zod-messages';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input, Select } from '@web/components/ui/input';
import { useRegister } from '../api/register';
import { NewPasswordFields, showServerFieldErrors, useAuthMessage, useZodForm } from './account-form';
import { useT } from '@web/lib/i18n';

type RegisterInput = z.input<typeof registerFormSchema>;

export function RegisterForm() {
  const t = useT('app');
  const message = useAuthMessage();
  const register = useRegister();
  const form = useZodForm(registerFormSchema, {
    username: '',
    password: '',
    confirmPassword: '',
    email: '',
    role: '' as RegisterInput['role'],
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ confirmPassword: _confirm, ...values }) =>
        register.mutate(values, {
          // The list of common passwords is the server's: its reason goes under the field.
          onError: (error) => showServerFieldErrors(form, error, ['username', 'password', 'email', 'role']),
        }),
      )}
      className="space-y-4"
    >
      <FormField label={t('auth.username')} error={message(errors.username?.message)}>
        <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
      </FormField>
      <NewPasswordFields
        form={form}
        name="password"
        label={t('auth.password')}
        confirmLabel={t('auth.confirmPassword')}
      />
      <FormField
        label={t('auth.emailOptional')}
        error={message(errors.email?.message)}
        hint={t('auth.emailHint')}
      >
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('auth.accountType')} error={message(errors.role?.message)}>
        <Select {...form.register('role')}>
          <option value="">{t('auth.selectRole')}</option>
          <option value="organizer">{t('auth.roleOrganizer')}</option>
          <option value="foodtruck">{t('auth.roleFoodtruck')}</option>
        </Select>
      </FormField>
      <SubmitButton className="w-full" pending={register.isPending} pendingLabel={t('auth.creatingAccount')}>
        {t('auth.createAccount')}
      </SubmitButton>
    </form>
  );
}
