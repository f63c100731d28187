import { ListStates } from '../components/load-more';
import { intlLocale } from '../../core/language';
import { usePublicEvents, usePublicEventsTotal } from '../features/events/api/get-public-events';
import { PublicEventsList } from '../features/events/components/public-events-list';
import { useLanguage, useT } from '../lib/i18n';

/** /events/public: anyone, signed in or not. */
export function PublicEventsPage() {
  const t = useT();
  const language = useLanguage();
  const events = usePublicEvents();
  // Every event that matches, not only the pages loaded so far.
  const total = usePublicEventsTotal();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 wrap-anywhere">
      <title>{t('publicEvents.pageTitle')}</title>
      <h1 className="text-3xl font-bold">{t('publicEvents.heading')}</h1>
      <div data-tour="events-list" className="mt-6">
        <ListStates
          query={events}
          loading={t('publicEvents.loading')}
          failed={t('publicEvents.failed')}
          empty={
            <p className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center text-muted">
              {t('publicEvents.empty')}
            </p>
          }
        >
          {(upcoming) => {
            const count = total ?? upcoming.length;
            const formatted = count.toLocaleString(intlLocale(language));
            return (
              <>
                <p className="mb-4 text-muted">{t('publicEvents.count', { count, formatted })}</p>
                <PublicEventsList events={upcoming} />
              </>
            );
          }}
        </ListStates>
      </div>
    </div>
  );
}
