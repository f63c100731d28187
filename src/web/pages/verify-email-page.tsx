import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../components/ui/alert';
import { ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useVerifyEmail } from '../features/auth/api/email-verification';
import { errorMessage } from '../lib/api-client';
import { useT } from '../lib/i18n';
import { tokenFromHash } from './reset-password-page';

/** /verify-email#token=…: the link of the confirmation e-mail, opened signed in or not. */
export function VerifyEmailPage() {
  const t = useT('app');
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <div className="mx-auto max-w-md space-y-4 px-4 py-10 md:py-16">
      <title>{t('auth.verifyPageTitle')}</title>
      <h1 className="text-3xl font-bold">{t('auth.verifyHeading')}</h1>
      {!token ? (
        <Alert tone="error" title={t('auth.verifyLinkIncomplete')} />
      ) : verify.isSuccess ? (
        <Alert tone="success" title={verify.data.message} />
      ) : verify.isError ? (
        <Alert tone="error" title={errorMessage(verify.error, t('auth.verifyFailed'))} />
      ) : (
        <Spinner label={t('auth.verifying')} />
      )}
      <ButtonLink to="/" variant="outline">
        {t('auth.goHome')}
      </ButtonLink>
    </div>
  );
}
