import { passwordResetRequestSchema } from '@core/schemas/auth';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useRequestPasswordReset } from '../api/password-reset';
import { useAuthMessage, useZodForm } from './account-form';
import { useT } from '@web/lib/i18n';

/** "Forgot password?": a username or an e-mail address; the answer never says whether it matched. */
export function ForgotPasswordForm() {
  const t = useT('app');
  const message = useAuthMessage();
  const request = useRequestPasswordReset();
  const form = useZodForm(passwordResetRequestSchema, { login: '' });
  const { errors } = form.formState;
  if (request.isSuccess)
    return (
      <Alert tone="success" title={t('auth.checkEmail')}>
        {request.data.message}
      </Alert>
    );
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      <FormField
        label={t('auth.loginLabel')}
        error={message(errors.login?.message)}
        hint={t('auth.loginHint')}
      >
        <Input autoComplete="username" autoCapitalize="none" {...form.register('login')} />
      </FormField>
      <SubmitButton className="w-full" pending={request.isPending} pendingLabel={t('auth.sending')}>
        {t('auth.sendResetLink')}
      </SubmitButton>
    </form>
  );
}
