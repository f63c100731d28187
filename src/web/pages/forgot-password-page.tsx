import { Link } from 'react-router';
import { Card, CardContent } from '../components/ui/card';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';

/** /forgot-password, from the sign-in form. */
export function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <title>Forgot password · Food Truck Fund</title>
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-1 text-muted">
        We&apos;ll e-mail you a link to choose a new one. It works for 1 hour.
      </p>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <ForgotPasswordForm />
        </CardContent>
      </Card>
      <p className="mt-4 text-sm">
        <Link to="/auth" className="font-medium text-brand-700 underline underline-offset-2">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
