import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EVENT_STATUS_LABELS } from '@core/event-status';
import { Alert } from '@web/components/ui/alert';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { describeCancelReason } from '@web/lib/cancel-reason';
import { useApproveEvent } from '../api/approve-event';
import type { EventWithTruck } from '../api/get-event';
import { ApprovalFields, toDecisionFields, useApprovalForm } from './approval-fields';
import type { Decision } from './approval-dialog';

/** The vendor approval form of /events/{id}/approve. */
export function ApprovalForm({ event }: { event: EventWithTruck }) {
  const navigate = useNavigate();
  const approve = useApproveEvent();
  const form = useApprovalForm(event);
  const [submitting, setSubmitting] = useState<Decision | null>(null);
  /** Reject asks first: the organizer is told at once and the request can't be answered again. */
  const [confirmReject, setConfirmReject] = useState(false);

  if (event.status !== 'pending_approval') {
    return (
      <Alert tone="info" title="This request is no longer waiting for an answer">
        <p>Its status is now: {EVENT_STATUS_LABELS[event.status]}.</p>
        {event.cancelReason && <p className="mt-1">{describeCancelReason(event.cancelReason)}</p>}
        <ButtonLink to="/profile" variant="outline" size="sm" className="mt-3">
          Back to my profile
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
            toast({ title: 'Success', description: 'Event response submitted successfully' });
            void navigate('/profile');
          },
          onSettled: () => setSubmitting(null),
        },
      );
    });

  return (
    <form noValidate onSubmit={answer('approved')} className="space-y-5">
      <ApprovalFields form={form} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={approve.isPending}>
          {submitting === 'approved' ? 'Submitting...' : 'Approve'}
        </Button>
        <Button variant="destructive" disabled={approve.isPending} onClick={() => setConfirmReject(true)}>
          {submitting === 'rejected' ? 'Submitting...' : 'Reject'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReject}
        onOpenChange={setConfirmReject}
        title={`Reject “${event.title}”?`}
        description="The organizer is told at once that you declined, with your response. The request can't be answered again."
        confirmLabel="Reject"
        cancelLabel="Go back"
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
