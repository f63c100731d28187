import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { TitledCard } from '../components/ui/page-header';
import { useConfirmReminder } from '../features/reminders/api/confirm-reminder';
import { errorMessage } from '../lib/api-client';

/**
 * /reminders/confirm?token=…: the link of a reminder's confirmation mail. Opening it changes nothing (a
 * mail scanner may open it); the button confirms, then the event page says so.
 */
export function ConfirmReminderPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmReminder(token);
  const navigate = useNavigate();
  const eventId = confirm.data?.eventId;

  useEffect(() => {
    if (eventId !== undefined) void navigate(`/events/public/${eventId}?reminder=confirmed`);
  }, [eventId, navigate]);

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <title>Confirm your reminder · Food Truck Fund</title>
      <h1 className="mb-6 text-3xl font-bold">Confirm your reminder</h1>
      <TitledCard title="One e-mail, 48 hours before the event" contentClassName="space-y-4">
        {!token ? (
          <Alert tone="error" title="This confirmation link is not valid" />
        ) : (
          <>
            <p className="text-sm text-stone-700">
              We will e-mail you once, 48 hours before the event starts, if it still needs pre-orders to reach
              its goal.
            </p>
            {confirm.isError && (
              <Alert
                tone="error"
                title={errorMessage(confirm.error, 'Could not confirm your reminder. Please try again.')}
              />
            )}
            <Button onClick={() => confirm.mutate()} disabled={confirm.isPending || eventId !== undefined}>
              {confirm.isPending ? 'Confirming…' : 'Confirm my reminder'}
            </Button>
          </>
        )}
      </TitledCard>
    </div>
  );
}
