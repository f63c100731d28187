import { useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { TitledCard } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useUnsubscribe, useUnsubscribeLink } from '../features/updates/api/unsubscribe';
import { errorMessage } from '../lib/api-client';
import { useT } from '../lib/i18n';

/** /unsubscribe?token=…: the footer link of an update e-mail. One click stops that event's updates. */
export function UnsubscribePage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const state = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  const done = unsubscribe.data ?? (state.data?.unsubscribed ? state.data : undefined);

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <title>{t('updates.unsubscribePageTitle')}</title>
      <h1 className="mb-6 text-3xl font-bold">{t('updates.unsubscribeHeading')}</h1>
      <TitledCard title={t('updates.unsubscribeCardTitle')} contentClassName="space-y-4">
        {!token ? (
          <Alert tone="error" title={t('updates.unsubscribeLinkInvalid')} />
        ) : state.isPending ? (
          <Spinner label={t('updates.checkingLink')} />
        ) : state.isError ? (
          <Alert tone="error" title={errorMessage(state.error, t('updates.readLinkFailed'))} />
        ) : done ? (
          <>
            <Alert tone="success" title={t('updates.unsubscribed')}>
              {t('updates.unsubscribedText', { email: done.email, title: done.eventTitle })}
            </Alert>
            <ButtonLink to={`/events/public/${done.eventId}`} variant="outline">
              {t('updates.openEventPage')}
            </ButtonLink>
          </>
        ) : (
          <>
            <p className="text-sm text-stone-700">
              {t('updates.stopEmailsBefore', { title: state.data.eventTitle })}{' '}
              <span className="font-medium break-all">{state.data.email}</span>
              {t('updates.stopEmailsAfter')}
            </p>
            {unsubscribe.isError && (
              <Alert tone="error" title={errorMessage(unsubscribe.error, t('updates.unsubscribeFailed'))} />
            )}
            <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? t('updates.unsubscribing') : t('updates.unsubscribe')}
            </Button>
          </>
        )}
      </TitledCard>
    </div>
  );
}
