import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { InviteError, sendInvites } from '../api/send-invites';
import { reportError } from '@web/lib/report-error';
import { useT } from '@web/lib/i18n';

/** parseEmailList's messages (core/schemas/checkout.ts), by their words, to the page's language. */
const LIST_MESSAGES: Record<string, string> = {
  'Please enter at least one email address': 'invites.noEmails',
  'Please enter valid email addresses': 'invites.invalidEmails',
};

/** Who is inviting: only an account with a confirmed e-mail address is named and may write (decision 120). */
export type InviteSender = 'guest' | 'unconfirmed' | 'confirmed';

/**
 * Invite friends by e-mail: comma-separated addresses, and an optional message from a signed-in
 * sender whose address is confirmed (the mail names them; anyone else's carries no text of theirs).
 */
export function InviteForm({ eventId, sender }: { eventId: number; sender: InviteSender }) {
  const t = useT();
  const mayWrite = sender === 'confirmed';
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { parseEmailList } = await import('@core/schemas/checkout');
    const parsed = parseEmailList(emails);
    if ('error' in parsed) {
      const key = LIST_MESSAGES[parsed.error];
      setError(key ? t(key) : parsed.error);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await sendInvites(eventId, parsed.emails, mayWrite ? message.trim() : '');
      toast({ title: t('invites.success'), description: t('invites.sent') });
      setEmails('');
      setMessage('');
    } catch (failure) {
      if (!(failure instanceof InviteError)) reportError('Invite failed', failure);
      toast({
        title: t('invites.error'),
        description:
          failure instanceof InviteError
            ? failure.key
              ? t(failure.key, failure.values)
              : failure.message
            : t('invites.failed'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Card aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle id="invite-title">{t('invites.title')}</CardTitle>
        <p className="mt-1 text-sm text-muted">{t('invites.intro')}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-3">
          <FormField label={t('invites.emails')} hint={t('invites.emailsHint')} error={error}>
            <Textarea
              value={emails}
              onChange={(e) => {
                setEmails(e.target.value);
                if (error) setError(undefined);
              }}
              rows={2}
              placeholder={t('invites.emailsPlaceholder')}
            />
          </FormField>
          {mayWrite ? (
            <FormField label={t('invites.message')}>
              <Textarea
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                rows={3}
                maxLength={1000}
              />
            </FormField>
          ) : sender === 'unconfirmed' ? (
            <p className="text-sm text-muted">
              {t('invites.friendsGet')}{' '}
              <Link to="/account" className="font-medium text-brand-700 underline underline-offset-2">
                {t('invites.confirmEmail')}
              </Link>{' '}
              {t('invites.toAddMessage')}
            </p>
          ) : (
            <p className="text-sm text-muted">
              {t('invites.friendsGet')}{' '}
              <Link to="/auth" className="font-medium text-brand-700 underline underline-offset-2">
                {t('invites.signIn')}
              </Link>{' '}
              {t('invites.toAddMessage')}
            </p>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? t('invites.sending') : t('invites.send')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
