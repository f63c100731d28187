import type { ChangeRequestDto } from '@contract/events';
import { Alert } from '@web/components/ui/alert';
import { describeEventInstant as at, describeEventPlan } from '@web/lib/event-time';

/** Where the organizer's latest change stands: waiting for the truck, or its answer. */
export function EventChangeStatus({ change }: { change: ChangeRequestDto | null }) {
  if (!change || change.status === 'replaced') return null;
  const plan = describeEventPlan(change, change.timeZone);
  const note = change.response ? ` Their message: “${change.response}”` : '';
  switch (change.status) {
    case 'pending':
      return (
        <Alert tone="info" title="Change waiting for the food truck">
          You asked to move the event to {plan}. The truck has until {at(change.answerBy, change.timeZone)} to
          answer; until then the event keeps its current date and place.
        </Alert>
      );
    case 'accepted':
      return (
        <Alert tone="success" title="Change accepted">
          The truck accepted: the event is now {plan}. Every diner was told by e-mail.{note}
        </Alert>
      );
    case 'declined':
      return (
        <Alert tone="warning" title="Change declined">
          The truck declined moving the event to {plan}; it keeps its date and place.{note}
        </Alert>
      );
    case 'lapsed':
      return (
        <Alert tone="warning" title="Change lapsed">
          The truck did not answer your change to {plan} by {at(change.answerBy, change.timeZone)}; the event
          keeps its date and place.
        </Alert>
      );
  }
}
