import { Alert } from '@web/components/ui/alert';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

/**
 * The event could not be shown. No such event (or one this visitor may not see): a way on to the
 * events that are on. Anything else (the network, the server): a retry.
 */
export function EventLoadFailure({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const t = useT();
  const missing = !error || (error instanceof ApiError && error.status === 404);
  return (
    <div className="mx-auto max-w-lg space-y-4 px-4 py-16">
      <title>{missing ? t('eventPage.eventNotFoundFood') : t('eventPage.eventFoodTruckFund')}</title>
      <h1 className="text-2xl font-semibold">
        {missing ? t('eventPage.eventNotFound') : t('eventPage.thisEventCouldNot')}
      </h1>
      <Alert tone="error" title={t('eventPage.eventNotFoundOr')}>
        {missing ? (
          <p>{t('eventPage.theLinkMayBe')}</p>
        ) : (
          onRetry && (
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              {t('eventPage.retry')}
            </Button>
          )
        )}
      </Alert>
      {missing && <ButtonLink to="/events/public">{t('eventPage.seeUpcomingEvents')}</ButtonLink>}
    </div>
  );
}
