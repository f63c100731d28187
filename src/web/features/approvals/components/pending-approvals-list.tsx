import { useState } from 'react';
import { Link } from 'react-router';
import type { EventDto } from '@contract/events';
import { ListStates, LoadMore } from '@web/components/load-more';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { useT } from '@web/lib/i18n';
import { usePendingEvents } from '../api/get-pending-events';
import { ApprovalDialog, type Decision } from './approval-dialog';
import { EventRequestSummary } from './event-request-summary';

/** Pending Event Approvals on the truck's profile. */
export function PendingApprovalsList({ truckId }: { truckId: number }) {
  const t = useT('app');
  const pending = usePendingEvents(truckId);
  const [answering, setAnswering] = useState<{ event: EventDto; decision: Decision } | null>(null);

  return (
    <TitledCard title={t('approvals.pendingTitle')}>
      <ListStates
        query={pending}
        loading={t('approvals.pendingLoading')}
        failed={t('approvals.pendingFailed')}
        empty={<p className="py-6 text-center text-muted">{t('approvals.pendingEmpty')}</p>}
      >
        {(events) => (
          <ul className="space-y-4">
            {events.map((event) => (
              <li key={event.id} className="rounded-lg border border-line p-4">
                <h3 id={`pending-${event.id}`} className="font-semibold break-words">
                  {event.title}
                </h3>
                <div className="mt-2">
                  <EventRequestSummary event={event} />
                </div>
                <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
                  <Button onClick={() => setAnswering({ event, decision: 'approved' })}>
                    {t('approvals.approve')}
                  </Button>
                  <Button variant="outline" onClick={() => setAnswering({ event, decision: 'rejected' })}>
                    {t('approvals.reject')}
                  </Button>
                  <Link
                    to={`/events/${event.id}/approve`}
                    className="text-sm text-brand-700 underline sm:ml-auto"
                  >
                    {t('approvals.openRequest')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <LoadMore pages={pending} things={t('approvals.things')} size="sm" className="mt-4" />
      {answering && (
        <ApprovalDialog
          key={`${answering.event.id}-${answering.decision}`}
          event={answering.event}
          decision={answering.decision}
          onClose={() => setAnswering(null)}
        />
      )}
    </TitledCard>
  );
}
