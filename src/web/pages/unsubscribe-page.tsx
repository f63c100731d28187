import { useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { TitledCard } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useUnsubscribe, useUnsubscribeLink } from '../features/updates/api/unsubscribe';
import { errorMessage } from '../lib/api-client';

/** /unsubscribe?token=…: the footer link of an update e-mail. One click stops that event's updates. */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const state = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  const done = unsubscribe.data ?? (state.data?.unsubscribed ? state.data : undefined);

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <title>Unsubscribe · Food Truck Fund</title>
      <h1 className="mb-6 text-3xl font-bold">Unsubscribe</h1>
      <TitledCard title="Event updates by e-mail" contentClassName="space-y-4">
        {!token ? (
          <Alert tone="error" title="This unsubscribe link is not valid" />
        ) : state.isPending ? (
          <Spinner label="Checking your link…" />
        ) : state.isError ? (
          <Alert tone="error" title={errorMessage(state.error, 'Could not read this link.')} />
        ) : done ? (
          <>
            <Alert tone="success" title="You're unsubscribed">
              {done.email} will get no more updates about &quot;{done.eventTitle}&quot;. Your order is not
              affected.
            </Alert>
            <ButtonLink to={`/events/public/${done.eventId}`} variant="outline">
              Open the event page
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="text-sm text-stone-700">
              Stop e-mails with updates about &quot;{state.data.eventTitle}&quot; to{' '}
              <span className="font-medium break-all">{state.data.email}</span>? Receipts and reminders about
              your order still come.
            </p>
            {unsubscribe.isError && (
              <Alert
                tone="error"
                title={errorMessage(unsubscribe.error, 'Could not unsubscribe. Please try again.')}
              />
            )}
            <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
          </>
        )}
      </TitledCard>
    </div>
  );
}
