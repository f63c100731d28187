import { changePasswordFormSchema } from '@core/schemas/auth';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields, showServerFieldErrors, useZodForm } from './account-form';

/** The Account page's "Change password": the current one, then the new one twice. */
export function ChangePasswordForm() {
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
            toast({ title: 'Password changed', description: answer.message });
          },
          onError: (error) => showServerFieldErrors(form, error, ['currentPassword', 'newPassword']),
        }),
      )}
    >
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <NewPasswordFields form={form} name="newPassword" />
      <SubmitButton pending={change.isPending} pendingLabel="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}
