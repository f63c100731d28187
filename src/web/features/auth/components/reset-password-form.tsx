import { Link, useNavigate } from 'react-router';
import { passwordResetFormSchema } from '@core/schemas/auth';
import { Alert } from '@web/components/ui/alert';
import { SubmitButton } from '@web/components/ui/form-field';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { useResetPassword } from '../api/password-reset';
import { NewPasswordFields, showServerFieldErrors, useZodForm } from './account-form';

/** The page of the mailed link: a new password, twice. Then the person signs in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useT('app');
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useZodForm(passwordResetFormSchema, { password: '', confirmPassword: '' });
  const linkRefused =
    reset.error instanceof ApiError && reset.error.fieldErrors?.token ? reset.error.fieldErrors.token : null;
  if (!token || linkRefused)
    return (
      <Alert tone="error" title={linkRefused ?? t('auth.resetLinkIncomplete')}>
        <Link to="/forgot-password" className="font-medium underline underline-offset-2">
          {t('auth.askNewLink')}
        </Link>
      </Alert>
    );
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ password }) =>
        reset.mutate(
          { token, password },
          {
            onSuccess: (answer) => {
              toast({ title: t('auth.passwordReset'), description: answer.message });
              void navigate('/auth', { replace: true });
            },
            onError: (error) => showServerFieldErrors(form, error, ['password']),
          },
        ),
      )}
    >
      <NewPasswordFields form={form} name="password" />
      <SubmitButton className="w-full" pending={reset.isPending} pendingLabel={t('auth.saving')}>
        {t('auth.setNewPassword')}
      </SubmitButton>
    </form>
  );
}
