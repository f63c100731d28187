import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useT } from '@web/lib/i18n';
import type { User } from '../api/get-user';
import { useResendVerification } from '../api/email-verification';

/** The Account page's e-mail section: the address, whether it is confirmed, and "send the link again". */
export function EmailVerificationCard({ user }: { user: User }) {
  const t = useT('app');
  const resend = useResendVerification();
  if (!user.contactEmail)
    return (
      <Alert tone="warning" title={t('account.noEmailTitle')}>
        {t('account.noEmailText')}
      </Alert>
    );
  if (user.emailVerified)
    return (
      <Alert tone="success" title={t('account.emailConfirmed')}>
        <span className="break-all">{user.contactEmail}</span>
      </Alert>
    );
  return (
    <div className="space-y-3">
      <Alert tone="warning" title={t('account.confirmEmailTitle')}>
        {t('account.weSentLinkTo')} <span className="font-medium break-all">{user.contactEmail}</span>
        {t('account.untilYouOpenIt')}
      </Alert>
      <Button
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (answer) => toast({ title: t('account.linkSent'), description: answer.message }),
          })
        }
      >
        {resend.isPending ? t('account.sending') : t('account.sendAgain')}
      </Button>
    </div>
  );
}
