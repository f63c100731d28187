import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
import { describeCancel } from '../approval-words';
import { useApproveEvent } from '../api/approve-event';
import type { EventWithTruck } from '../api/get-event';
import { ApprovalFields, toDecisionFields, useApprovalForm } from './approval-fields';
import type { Decision } from './approval-dialog';

/** The vendor approval form of /events/{id}/approve. */
export function ApprovalForm({ event }: { event: EventWithTruck }) {
  const t = useT('app');
  const navigate = useNavigate();
  const approve = useApproveEvent();
  const form = useApprovalForm(event);
  const [submitting, setSubmitting] = useState<Decision | null>(null);
  /** Reject asks first: the organizer is told at once and the request can't be answered again. */
  const [confirmReject, setConfirmReject] = useState(false);

  if (event.status !== 'pending_approval') {
    return (
      <Alert tone="info" title={t('approvals.noLongerWaiting')}>
        <p>{t('approvals.statusNow', { status: t(`events.status.${event.status}`) })}</p>
        {event.cancelReason && <p className="mt-1">{describeCancel(t, event.cancelReason)}</p>}
        <ButtonLink to="/profile" variant="outline" size="sm" className="mt-3">
          {t('approvals.backToProfile')}
        </ButtonLink>
      </Alert>
    );
  }

  const answer = (decision: Decision) =>
    form.handleSubmit((values) => {
      setSubmitting(decision);
      approve.mutate(
        { eventId: event.id, status: decision, ...toDecisionFields(values) },
        {
          onSuccess: () => {
            toast({ title: t('events.success'), description: t('approvals.submitted') });
            void navigate('/profile');
          },
          onSettled: () => setSubmitting(null),
        },
      );
    });

  return (
    <form noValidate onSubmit={answer('approved')} className="space-y-5">
      <ApprovalFields form={form} currency={event.currency} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={approve.isPending}>
          {submitting === 'approved' ? t('approvals.submitting') : t('approvals.approve')}
        </Button>
        <Button variant="destructive" disabled={approve.isPending} onClick={() => setConfirmReject(true)}>
          {submitting === 'rejected' ? t('approvals.submitting') : t('approvals.reject')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReject}
        onOpenChange={setConfirmReject}
        title={t('approvals.rejectConfirmTitle', { title: event.title })}
        description={t('approvals.rejectConfirm')}
        confirmLabel={t('approvals.reject')}
        cancelLabel={t('approvals.goBack')}
        destructive
        pending={approve.isPending}
        onConfirm={() => {
          setConfirmReject(false);
          void answer('rejected')();
        }}
      />
    </form>
  );
}
