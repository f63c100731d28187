import type { EventDto } from '@contract/events';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
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
  const approve = useApproveEvent();
  const form = useApprovalForm(event);
  const isApproval = decision === 'approved';

  const onSubmit = form.handleSubmit((values) =>
    approve.mutate(
      { eventId: event.id, status: decision, ...toDecisionFields(values) },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            description: isApproval ? 'Event approved successfully.' : 'Event rejected successfully.',
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
        title={isApproval ? `Approve “${event.title}”` : `Reject “${event.title}”`}
        description={
          isApproval
            ? 'Are you sure you want to approve this event?'
            : 'Are you sure you want to reject this event?'
        }
      >
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
          <ApprovalFields form={form} showGoal={isApproval} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              variant={isApproval ? 'primary' : 'destructive'}
              disabled={approve.isPending}
            >
              {approve.isPending ? 'Submitting...' : isApproval ? 'Approve' : 'Reject'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
