import { Link } from 'react-router';
import { Card, CardContent } from '../components/ui/card';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { useT } from '../lib/i18n';

/** /forgot-password, from the sign-in form. */
export function ForgotPasswordPage() {
  const t = useT('app');
  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <title>{t('auth.forgotPageTitle')}</title>
      <h1 className="text-3xl font-bold">{t('auth.forgotHeading')}</h1>
      <p className="mt-1 text-muted">{t('auth.forgotIntro')}</p>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <ForgotPasswordForm />
        </CardContent>
      </Card>
      <p className="mt-4 text-sm">
        <Link to="/auth" className="font-medium text-brand-700 underline underline-offset-2">
          {t('auth.backToSignIn')}
        </Link>
      </p>
    </div>
  );
}
