import { changeEmailSchema } from '@core/schemas/auth';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useChangeEmail } from '../api/change-email';
import { showServerFieldErrors, useAuthMessage, useZodForm } from './account-form';
import { useT } from '@web/lib/i18n';

/** A new address for the account; its password is asked, since reset links go to the address. */
export function ChangeEmailForm({ hasEmail }: { hasEmail: boolean }) {
  const t = useT('app');
  const message = useAuthMessage();
  const change = useChangeEmail();
  const form = useZodForm(changeEmailSchema, { email: '', currentPassword: '' });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, {
          onSuccess: (user) => {
            form.reset();
            toast({
              title: t('account.emailSaved'),
              description: t('account.emailSavedText', { email: user.contactEmail ?? values.email }),
            });
          },
          onError: (error) => showServerFieldErrors(form, error, ['email', 'currentPassword']),
        }),
      )}
    >
      <FormField
        label={hasEmail ? t('account.newEmail') : t('account.email')}
        error={message(errors.email?.message)}
      >
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('account.yourPassword')} error={message(errors.currentPassword?.message)}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <Button type="submit" variant="outline" disabled={change.isPending}>
        {change.isPending ? t('account.saving') : hasEmail ? t('account.changeEmail') : t('account.addEmail')}
      </Button>
    </form>
  );
}
