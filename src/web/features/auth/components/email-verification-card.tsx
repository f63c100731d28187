import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import type { User } from '../api/get-user';
import { useResendVerification } from '../api/email-verification';

/** The Account page's e-mail section: the address, whether it is confirmed, and "send the link again". */
export function EmailVerificationCard({ user }: { user: User }) {
  const resend = useResendVerification();
  if (!user.contactEmail)
    return (
      <Alert tone="warning" title="No e-mail address">
        Without one we can&apos;t send you a link if you forget your password, and your invitations can&apos;t
        carry a message of yours. Add one below.
      </Alert>
    );
  if (user.emailVerified)
    return (
      <Alert tone="success" title="E-mail address confirmed">
        <span className="break-all">{user.contactEmail}</span>
      </Alert>
    );
  return (
    <div className="space-y-3">
      <Alert tone="warning" title="Please confirm your e-mail address">
        We sent a link to <span className="font-medium break-all">{user.contactEmail}</span>. Until you open
        it, your invitations go out without your name or a message of yours.
      </Alert>
      <Button
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (answer) => toast({ title: 'Link sent', description: answer.message }),
          })
        }
      >
        {resend.isPending ? 'Sending…' : 'Send the link again'}
      </Button>
    </div>
  );
}
