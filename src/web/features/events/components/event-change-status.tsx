import type { ChangeRequestDto } from '@contract/events';
import { formatEventDate, formatEventTime, computeEventInstants } from '@core/time';
import { Alert } from '@web/components/ui/alert';

/** "Sat, Dec 5, 2026, 6:00 PM CST – 9:00 PM CST at Riverside Park", in the event's zone. */
export function describePlan(
  plan: { date: string; startTime: string; endTime: string; location: string },
  timeZone: string,
): string {
  const { startsAt, endsAt } = computeEventInstants(plan.date, plan.startTime, plan.endTime, timeZone);
  return `${formatEventDate(startsAt, timeZone)}, ${formatEventTime(startsAt, timeZone)} – ${formatEventTime(endsAt, timeZone)} at ${plan.location}`;
}

function at(instant: string, timeZone: string): string {
  const d = new Date(instant);
  return `${formatEventDate(d, timeZone)}, ${formatEventTime(d, timeZone)}`;
}

/** Where the organizer's latest change stands: waiting for the truck, or its answer. */
export function EventChangeStatus({ change }: { change: ChangeRequestDto | null }) {
  if (!change || change.status === 'replaced') return null;
  const plan = describePlan(change, change.timeZone);
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
