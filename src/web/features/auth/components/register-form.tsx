import { registerFormSchema, ROLE_LABELS } from '@core/schemas/auth';
import type { z } from '@core/schemas/zod-messages';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input, Select } from '@web/components/ui/input';
import { useRegister } from '../api/register';
import { NewPasswordFields, showServerFieldErrors, useZodForm } from './account-form';

type RegisterInput = z.input<typeof registerFormSchema>;

export function RegisterForm() {
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
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
      </FormField>
      <NewPasswordFields form={form} name="password" label="Password" confirmLabel="Confirm Password" />
      <FormField
        label="Email (optional)"
        error={errors.email?.message}
        hint="We e-mail you when a booking needs you, and a link if you forget your password"
      >
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Account Type" error={errors.role?.message}>
        <Select {...form.register('role')}>
          <option value="">Select your role</option>
          <option value="organizer">{ROLE_LABELS.organizer}</option>
          <option value="foodtruck">{ROLE_LABELS.foodtruck}</option>
        </Select>
      </FormField>
      <SubmitButton className="w-full" pending={register.isPending} pendingLabel="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}
