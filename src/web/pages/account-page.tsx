import { RequireSession } from '../app/session-gate';
import { TitledCard } from '../components/ui/page-header';
import { ChangeEmailForm } from '../features/auth/components/change-email-form';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { EmailVerificationCard } from '../features/auth/components/email-verification-card';
import { useT } from '../lib/i18n';

/** /account: every signed-in user's e-mail confirmation and password (decision 120). */
export function AccountPage() {
  const t = useT('app');
  return (
    <RequireSession>
      {(user) => (
        <div className="mx-auto max-w-lg space-y-6 px-4 py-10">
          <title>{t('account.pageTitle')}</title>
          <div>
            <h1 className="text-3xl font-bold">{t('account.heading')}</h1>
            <p className="mt-1 text-muted">{t('account.signedInAs', { username: user.username })}</p>
          </div>
          <TitledCard title={t('account.emailHeading')} contentClassName="space-y-6">
            <EmailVerificationCard user={user} />
            <ChangeEmailForm hasEmail={Boolean(user.contactEmail)} />
          </TitledCard>
          <TitledCard
            title={t('account.passwordHeading')}
            description={<p className="mt-1 text-sm text-muted">{t('account.passwordDescription')}</p>}
          >
            <ChangePasswordForm />
          </TitledCard>
        </div>
      )}
    </RequireSession>
  );
}
