import { useLocation } from 'react-router';
import { Card, CardContent } from '../components/ui/card';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

/** The token after `#` never reaches a server's logs: the page reads it and posts it. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** /reset-password#token=…: the link of the reset e-mail. */
export function ResetPasswordPage() {
  const { hash } = useLocation();
  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <title>Choose a new password · Food Truck Fund</title>
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <p className="mt-1 text-muted">Every device signed in to your account will be signed out.</p>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <ResetPasswordForm token={tokenFromHash(hash)} />
        </CardContent>
      </Card>
    </div>
  );
}
