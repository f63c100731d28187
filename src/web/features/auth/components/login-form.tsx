import { Link } from 'react-router';
import { loginSchema } from '@core/schemas/auth';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useLogin } from '../api/login';
import { useAuthMessage, useZodForm } from './account-form';
import { useT } from '@web/lib/i18n';

export function LoginForm() {
  const t = useT('app');
  const message = useAuthMessage();
  const login = useLogin();
  const form = useZodForm(loginSchema, { username: '', password: '' });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-4">
      <FormField label={t('auth.username')} error={message(errors.username?.message)}>
        <Input autoComplete="username" autoCapitalize="none" {...form.register('username')} />
      </FormField>
      <FormField
        label={t('auth.password')}
        error={message(errors.password?.message)}
        hint={
          <Link
            to="/forgot-password"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {t('auth.forgotPassword')}
          </Link>
        }
      >
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <SubmitButton className="w-full" pending={login.isPending} pendingLabel={t('auth.signingIn')}>
        {t('auth.signIn')}
      </SubmitButton>
    </form>
  );
}
