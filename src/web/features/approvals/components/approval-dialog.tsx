import type { EventDto } from '@contract/events';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
import { useApproveEvent } from '../api/approve-event';
import { ApprovalFields, toDecisionFields, useApprovalForm } from './approval-fields';

export type Decision = 'approved' | 'rejected';

/**
 * The confirmation before a truck answers from its profile. Approving also sets
 * the minimum sales goal; both may carry a note for the organizer.
 */
export function ApprovalDialog({
  event,
  decision,
  onClose,
}: {
  event: EventDto;
  decision: Decision;
  onClose: () => void;
}) {
  const t = useT('app');
  const approve = useApproveEvent();
  const form = useApprovalForm(event);
  const isApproval = decision === 'approved';

  const onSubmit = form.handleSubmit((values) =>
    approve.mutate(
      { eventId: event.id, status: decision, ...toDecisionFields(values) },
      {
        onSuccess: () => {
          toast({
            title: t('events.success'),
            description: isApproval ? t('approvals.approved') : t('approvals.rejected'),
          });
          onClose();
        },
        onError: onClose,
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={
          isApproval
            ? t('approvals.approveTitle', { title: event.title })
            : t('approvals.rejectTitle', { title: event.title })
        }
        description={isApproval ? t('approvals.approveSure') : t('approvals.rejectSure')}
      >
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
          <ApprovalFields form={form} showGoal={isApproval} currency={event.currency} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('approvals.cancel')}</Button>
            </DialogClose>
            <Button
              type="submit"
              variant={isApproval ? 'primary' : 'destructive'}
              disabled={approve.isPending}
            >
              {approve.isPending
                ? t('approvals.submitting')
                : isApproval
                  ? t('approvals.approve')
                  : t('approvals.reject')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
