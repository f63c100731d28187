import { passwordResetRequestSchema } from '@core/schemas/auth';
import { Alert } from '@web/components/ui/alert';
import { FormField, SubmitButton } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useRequestPasswordReset } from '../api/password-reset';
import { useZodForm } from './account-form';

/** "Forgot password?": a username or an e-mail address; the answer never says whether it matched. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useZodForm(passwordResetRequestSchema, { login: '' });
  const { errors } = form.formState;
  if (request.isSuccess)
    return (
      <Alert tone="success" title="Check your e-mail">
        {request.data.message}
      </Alert>
    );
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      <FormField
        label="Username or e-mail address"
        error={errors.login?.message}
        hint="We e-mail a link to the address on your account."
      >
        <Input autoComplete="username" autoCapitalize="none" {...form.register('login')} />
      </FormField>
      <SubmitButton className="w-full" pending={request.isPending} pendingLabel="Sending…">
        Send reset link
      </SubmitButton>
    </form>
  );
}
