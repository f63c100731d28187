import { useState } from 'react';
import type { ChangeRequestDto } from '@contract/events';
import { LoadError } from '@web/components/load-more';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { describeEventInstant } from '@web/lib/event-time';
import { useT } from '@web/lib/i18n';
import { describePlan } from '../approval-words';
import { useAnswerChange, usePendingChanges } from '../api/event-changes';

type Answer = 'accept' | 'decline';

/**
 * Changes of date, time or place that organizers asked of this truck: each says what changes and by
 * when to answer, and Accept or Decline asks for confirmation first (an accepted change is told to
 * every diner at once). Renders nothing while there is none.
 */
export function PendingChangesList() {
  const t = useT('app');
  const pending = usePendingChanges();
  const answer = useAnswerChange();
  const [answering, setAnswering] = useState<{ change: ChangeRequestDto; answer: Answer } | null>(null);
  const [note, setNote] = useState('');

  if (pending.isPending) return <Spinner label={t('approvals.changes.loading')} />;
  if (pending.isError) return <LoadError title={t('approvals.changes.loadFailed')} query={pending} />;
  if (pending.data.length === 0) return null;

  function close() {
    setAnswering(null);
    setNote('');
  }

  function confirm() {
    if (!answering) return;
    const accepted = answering.answer === 'accept';
    answer.mutate(
      { change: answering.change, answer: answering.answer, response: note.trim() || null },
      {
        onSuccess: () =>
          toast({
            title: t('events.success'),
            description: accepted ? t('approvals.changes.accepted') : t('approvals.changes.declined'),
          }),
        onSettled: close,
      },
    );
  }

  return (
    <TitledCard title={t('approvals.changes.title')}>
      <ul className="space-y-4">
        {pending.data.map((change) => (
          <li
            key={change.id}
            aria-labelledby={`change-${change.id}`}
            className="rounded-lg border border-line p-4"
          >
            <h3 id={`change-${change.id}`} className="font-semibold break-words">
              {change.eventTitle}
            </h3>
            <dl className="mt-2 space-y-1 text-sm">
              <div>
                <dt className="inline font-semibold">{t('approvals.changes.now')} </dt>
                <dd className="inline">
                  {describePlan(
                    t,
                    {
                      startsAt: change.previousStartsAt,
                      endsAt: change.previousEndsAt,
                      location: change.previousLocation,
                    },
                    change.timeZone,
                  )}
                </dd>
              </div>
              <div>
                <dt className="inline font-semibold">{t('approvals.changes.asked')} </dt>
                <dd className="inline">{describePlan(t, change, change.timeZone)}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">{t('approvals.changes.answerBy')} </dt>
                <dd className="inline">{describeEventInstant(change.answerBy, change.timeZone)}</dd>
              </div>
            </dl>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Button onClick={() => setAnswering({ change, answer: 'accept' })}>
                {t('approvals.changes.accept')}
              </Button>
              <Button variant="outline" onClick={() => setAnswering({ change, answer: 'decline' })}>
                {t('approvals.changes.decline')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={answering !== null}
        onOpenChange={(open) => !open && close()}
        title={
          answering?.answer === 'accept'
            ? t('approvals.changes.acceptTitle')
            : t('approvals.changes.declineTitle')
        }
        description={
          answering
            ? answering.answer === 'accept'
              ? t('approvals.changes.acceptDescription', {
                  title: answering.change.eventTitle,
                  plan: describePlan(t, answering.change, answering.change.timeZone),
                })
              : t('approvals.changes.declineDescription', { title: answering.change.eventTitle })
            : ''
        }
        confirmLabel={
          answer.isPending
            ? t('approvals.changes.sending')
            : answering?.answer === 'accept'
              ? t('approvals.changes.accept')
              : t('approvals.changes.decline')
        }
        onConfirm={confirm}
        destructive={answering?.answer === 'decline'}
        pending={answer.isPending}
      >
        <FormField label={t('approvals.changes.message')} className="mt-4">
          <Textarea value={note} maxLength={1000} rows={3} onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </ConfirmDialog>
    </TitledCard>
  );
}
