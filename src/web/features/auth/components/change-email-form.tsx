import { changeEmailSchema } from '@core/schemas/auth';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useChangeEmail } from '../api/change-email';
import { showServerFieldErrors, useZodForm } from './account-form';

/** A new address for the account; its password is asked, since reset links go to the address. */
export function ChangeEmailForm({ hasEmail }: { hasEmail: boolean }) {
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
              title: 'E-mail address saved',
              description: `We sent a link to ${user.contactEmail ?? values.email} to confirm it.`,
            });
          },
          onError: (error) => showServerFieldErrors(form, error, ['email', 'currentPassword']),
        }),
      )}
    >
      <FormField label={hasEmail ? 'New e-mail address' : 'E-mail address'} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Your password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <Button type="submit" variant="outline" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : hasEmail ? 'Change e-mail address' : 'Add e-mail address'}
      </Button>
    </form>
  );
}
