import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { InviteError, sendInvites } from '../api/send-invites';
import { reportError } from '@web/lib/report-error';

/** Who is inviting: only an account with a confirmed e-mail address is named and may write (decision 120). */
export type InviteSender = 'guest' | 'unconfirmed' | 'confirmed';

/**
 * Invite friends by e-mail: comma-separated addresses, and an optional message from a signed-in
 * sender whose address is confirmed (the mail names them; anyone else's carries no text of theirs).
 */
export function InviteForm({ eventId, sender }: { eventId: number; sender: InviteSender }) {
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
      setError(parsed.error);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await sendInvites(eventId, parsed.emails, mayWrite ? message.trim() : '');
      toast({ title: 'Success', description: 'Invitations sent successfully!' });
      setEmails('');
      setMessage('');
    } catch (failure) {
      if (!(failure instanceof InviteError)) reportError('Invite failed', failure);
      toast({
        title: 'Error',
        description: failure instanceof InviteError ? failure.message : 'Failed to send invitations',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Card aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle id="invite-title">Invite Friends</CardTitle>
        <p className="mt-1 text-sm text-muted">Every pre-order brings the event closer to its goal.</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-3">
          <FormField label="Email addresses" hint="Separate several addresses with commas." error={error}>
            <Textarea
              value={emails}
              onChange={(e) => {
                setEmails(e.target.value);
                if (error) setError(undefined);
              }}
              rows={2}
              placeholder="friend@example.com, neighbor@example.com"
            />
          </FormField>
          {mayWrite ? (
            <FormField label="Personal message (optional)">
              <Textarea
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                rows={3}
                maxLength={1000}
              />
            </FormField>
          ) : sender === 'unconfirmed' ? (
            <p className="text-sm text-muted">
              Your friends get our invitation with the event&apos;s details.{' '}
              <Link to="/account" className="font-medium text-brand-700 underline underline-offset-2">
                Confirm your e-mail address
              </Link>{' '}
              to add a personal message.
            </p>
          ) : (
            <p className="text-sm text-muted">
              Your friends get our invitation with the event&apos;s details.{' '}
              <Link to="/auth" className="font-medium text-brand-700 underline underline-offset-2">
                Sign in
              </Link>{' '}
              to add a personal message.
            </p>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? 'Sending…' : 'Send Invitations'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
