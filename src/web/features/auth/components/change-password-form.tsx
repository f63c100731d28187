import { changePasswordFormSchema } from '@core/schemas/auth';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields, showServerFieldErrors, useAuthMessage, useZodForm } from './account-form';
import { useT } from '@web/lib/i18n';

/** The Account page's "Change password": the current one, then the new one twice. */
export function ChangePasswordForm() {
  const t = useT('app');
  const message = useAuthMessage();
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ confirmPassword: _confirm, ...values }) =>
        change.mutate(values, {
          onSuccess: (answer) => {
            form.reset();
            toast({ title: t('account.passwordChanged'), description: answer.message });
          },
          onError: (error) => showServerFieldErrors(form, error, ['currentPassword', 'newPassword']),
        }),
      )}
    >
      <FormField label={t('account.currentPassword')} error={message(errors.currentPassword?.message)}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <NewPasswordFields form={form} name="newPassword" />
      <SubmitButton pending={change.isPending} pendingLabel={t('account.changing')}>
        {t('account.changePassword')}
      </SubmitButton>
    </form>
  );
}
