import { useLocation } from 'react-router';
import { Card, CardContent } from '../components/ui/card';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { useT } from '../lib/i18n';

/** The token after `#` never reaches a server's logs: the page reads it and posts it. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** /reset-password#token=…: the link of the reset e-mail. */
export function ResetPasswordPage() {
  const t = useT('app');
  const { hash } = useLocation();
  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <title>{t('auth.resetPageTitle')}</title>
      <h1 className="text-3xl font-bold">{t('auth.resetHeading')}</h1>
      <p className="mt-1 text-muted">{t('auth.resetIntro')}</p>
      <Card className="mt-6">
        <CardContent className="pt-6">
          <ResetPasswordForm token={tokenFromHash(hash)} />
        </CardContent>
      </Card>
    </div>
  );
}
