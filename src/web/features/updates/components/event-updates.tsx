import { lazy, Suspense } from 'react';
import { LoadError } from '@web/components/load-more';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '@web/lib/i18n';
import { useEventUpdates, type EventUpdate } from '../api/get-event-updates';

/** Only the organizer and the truck post: visitors, who only read, do not download the form. */
const PostUpdateForm = lazy(() => import('./post-update-form').then((m) => ({ default: m.PostUpdateForm })));

/**
 * News from the organizer and the truck, newest first. The two of them also get a form: what they
 * post is e-mailed to every diner with an order.
 */
export function EventUpdates({ eventId, canPost }: { eventId: number; canPost: boolean }) {
  const t = useT();
  const updates = useEventUpdates(eventId);
  // Visitors see the card only once there is something to read.
  if (!canPost && (updates.isPending || updates.isError || updates.data.length === 0)) return null;
  return (
    <Card aria-labelledby="updates-title">
      <CardHeader>
        <CardTitle id="updates-title">{t('updates.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {canPost && (
          <Suspense fallback={<Spinner label={t('updates.loadingForm')} />}>
            <PostUpdateForm eventId={eventId} />
          </Suspense>
        )}
        {updates.isPending ? (
          <Spinner label={t('updates.loading')} />
        ) : updates.isError ? (
          <LoadError title={t('updates.failed')} query={updates} />
        ) : updates.data.length === 0 ? (
          <p className="text-sm text-muted">{t('updates.none')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('updates.listLabel')}>
            {updates.data.map((update) => (
              <UpdateItem key={update.id} update={update} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function UpdateItem({ update }: { update: EventUpdate }) {
  const t = useT();
  const language = useLanguage();
  const postedAt = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="rounded-lg border border-line bg-stone-50 p-3">
      <p className="text-xs text-muted">
        <span className="font-semibold text-stone-800">{update.authorName}</span>
        {' · '}
        {update.authorRole === 'truck' ? t('updates.foodTruck') : t('updates.organizer')}
        {' · '}
        <time dateTime={update.createdAt}>{postedAt.format(new Date(update.createdAt))}</time>
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-900">{update.text}</p>
    </li>
  );
}
