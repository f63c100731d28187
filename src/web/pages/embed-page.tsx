import { LoadMore } from '@web/components/load-more';
import { useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { usePublicEvents, type PublicEventsFilter } from '../features/events/api/get-public-events';
import { EmbedEventsList } from '../features/events/components/embed-events-list';
import { useT } from '../lib/i18n';

// The embed is public, a diner's page: its words are in `common`, the only catalog such a page loads.

function parseId(raw: string | null): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** `?organizer=<id>` or `?event=<id>` narrow the embed (decision 149); anything else shows every event. */
function useEmbedFilter(): PublicEventsFilter {
  const [params] = useSearchParams();
  return { organizer: parseId(params.get('organizer')), event: parseId(params.get('event')) };
}

function UpcomingEvents() {
  const t = useT();
  const filter = useEmbedFilter();
  const events = usePublicEvents(filter);
  if (events.isPending) return <Spinner label={t('embed.loading')} />;
  if (events.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('embed.failed')}
      </p>
    );
  }
  if (events.data.length === 0) return <p className="text-sm text-muted">{t('embed.none')}</p>;
  return (
    <>
      <EmbedEventsList events={events.data} />
      <LoadMore pages={events} things={t('embed.things')} size="sm" className="mt-3" />
    </>
  );
}

/** /embed: the compact list another site puts in a frame. */
export function EmbedPage() {
  const t = useT();
  const filter = useEmbedFilter();
  return (
    <div className="p-3">
      <title>{t('embed.tabTitle')}</title>
      <h1 className="mb-3 text-lg font-bold">{filter.event ? t('embed.preOrderEvent') : t('embed.title')}</h1>
      <UpcomingEvents />
    </div>
  );
}

/** /embed-standalone: the same list as a page of its own, with a little more room. */
export function EmbedStandalonePage() {
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <title>{t('embed.tabTitle')}</title>
      <h1 className="text-2xl font-bold">{t('embed.title')}</h1>
      <p className="mb-4 text-sm text-muted">{t('embed.intro')}</p>
      <UpcomingEvents />
    </div>
  );
}
