import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { TitledCard } from '../components/ui/page-header';
import { useConfirmReminder } from '../features/reminders/api/confirm-reminder';
import { errorMessage } from '../lib/api-client';
import { useT } from '../lib/i18n';

/**
 * /reminders/confirm?token=…: the link of a reminder's confirmation mail. Opening it changes nothing (a
 * mail scanner may open it); the button confirms, then the event page says so.
 */
export function ConfirmReminderPage() {
  const t = useT();
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
      <title>{t('reminders.confirmPageTitle')}</title>
      <h1 className="mb-6 text-3xl font-bold">{t('reminders.confirmHeading')}</h1>
      <TitledCard title={t('reminders.confirmCardTitle')} contentClassName="space-y-4">
        {!token ? (
          <Alert tone="error" title={t('reminders.confirmLinkInvalid')} />
        ) : (
          <>
            <p className="text-sm text-stone-700">{t('reminders.confirmText')}</p>
            {confirm.isError && (
              <Alert tone="error" title={errorMessage(confirm.error, t('reminders.confirmFailed'))} />
            )}
            <Button onClick={() => confirm.mutate()} disabled={confirm.isPending || eventId !== undefined}>
              {confirm.isPending ? t('reminders.confirming') : t('reminders.confirm')}
            </Button>
          </>
        )}
      </TitledCard>
    </div>
  );
}
