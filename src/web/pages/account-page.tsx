import { RequireSession } from '../app/session-gate';
import { TitledCard } from '../components/ui/page-header';
import { ChangeEmailForm } from '../features/auth/components/change-email-form';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { EmailVerificationCard } from '../features/auth/components/email-verification-card';

/** /account: every signed-in user's e-mail confirmation and password (decision 120). */
export function AccountPage() {
  return (
    <RequireSession>
      {(user) => (
        <div className="mx-auto max-w-lg space-y-6 px-4 py-10">
          <title>Account · Food Truck Fund</title>
          <div>
            <h1 className="text-3xl font-bold">Account</h1>
            <p className="mt-1 text-muted">Signed in as {user.username}</p>
          </div>
          <TitledCard title="E-mail address" contentClassName="space-y-6">
            <EmailVerificationCard user={user} />
            <ChangeEmailForm hasEmail={Boolean(user.contactEmail)} />
          </TitledCard>
          <TitledCard
            title="Change password"
            description={
              <p className="mt-1 text-sm text-muted">
                Every other device signed in to this account is signed out.
              </p>
            }
          >
            <ChangePasswordForm />
          </TitledCard>
        </div>
      )}
    </RequireSession>
  );
}
