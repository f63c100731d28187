import { lazy, Suspense, useState } from 'react';
import { asCurrency, decimalToMinor } from '@core/currency';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { reportError } from '@web/lib/report-error';
import { usePaymentsConfig } from '../api/get-payments-config';
import { guaranteeQuery, syncGuarantee, useEventGuarantee, useOfferGuarantee } from '../api/guarantee';
import type { PaymentRequest } from '../payment-request';
import { GuaranteeNotice } from './guarantee-notice';

const SimulatorCardForm = lazy(() =>
  import('./simulator-card-form').then((m) => ({ default: m.SimulatorCardForm })),
);
const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

/** The card form for the guarantee's SetupIntent: the simulator's or Stripe's, as for diners. */
function GuaranteeCardForm({
  request,
  onConfirmed,
}: {
  request: PaymentRequest;
  onConfirmed: (status: string) => Promise<void>;
}) {
  const t = useT('app');
  const config = usePaymentsConfig();
  if (config.isPending) return <Spinner label={t('guarantee.loadingForm')} />;
  if (config.isError) return <Alert tone="error" title={t('guarantee.formFailed')} />;
  return (
    <Suspense fallback={<Spinner label={t('guarantee.loadingForm')} />}>
      {config.data.provider === 'stripe' ? (
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          request={request}
          onConfirmed={onConfirmed}
        />
      ) : (
        <SimulatorCardForm request={request} onConfirmed={onConfirmed} />
      )}
    </Suspense>
  );
}

/** What became of a guarantee that no longer stands, in the organizer's words. */
const STATUS_WORDS: Record<string, string> = {
  charged: 'guarantee.charged',
  declined: 'guarantee.declined',
  not_needed: 'guarantee.notNeeded',
  withdrawn: 'guarantee.withdrawn',
};

/**
 * The organizer's offer to guarantee the truck's minimum (decision 224): before the truck answers, save
 * a card that is charged the shortfall at the start if food sales fall short.
 */
export function GuaranteeCard({
  eventId,
  goal,
  pending,
}: {
  eventId: number;
  goal: string;
  pending: boolean;
}) {
  const t = useT('app');
  const guarantee = useEventGuarantee(eventId);
  const offer = useOfferGuarantee(eventId);
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<PaymentRequest | null>(null);
  const status = guarantee.data?.status ?? 'none';
  // The goal and the guarantee's amounts are in the event's currency, which the answer carries.
  const currency = asCurrency(guarantee.data?.currency);
  if (guarantee.isPending) return null;
  if (!pending && status === 'none') return null;

  async function confirmed() {
    try {
      await syncGuarantee(eventId);
    } catch (error) {
      reportError('Guarantee sync failed', error);
    }
    setRequest(null);
    await queryClient.invalidateQueries({ queryKey: guaranteeQuery(eventId).queryKey });
  }

  const start = () =>
    offer.mutate(undefined, {
      onSuccess: (answer) =>
        setRequest({
          eventId,
          orderId: 0,
          clientSecret: answer.clientSecret,
          amount: decimalToMinor(answer.guarantee.cap ?? '0', asCurrency(answer.guarantee.currency)),
          mode: 'save',
          chargeNow: false,
        }),
    });

  const standing = status === 'saved' || status === 'charging';
  return (
    <TitledCard title={t('guarantee.title')} description={t('guarantee.description')} className="mt-6">
      {standing || status === 'charged' ? (
        <GuaranteeNotice eventId={eventId} />
      ) : (
        <p className="text-sm text-muted">
          {STATUS_WORDS[status]
            ? t(STATUS_WORDS[status])
            : t('guarantee.explain', { cap: formatMoney(guarantee.data?.cap ?? goal, currency) })}
        </p>
      )}
      {status === 'charged' && <p className="mt-2 text-sm">{t('guarantee.charged')}</p>}
      {pending && !standing && status !== 'charged' && !request && (
        <Button className="mt-3" onClick={start} disabled={offer.isPending}>
          {offer.isPending ? t('guarantee.starting') : t('guarantee.start')}
        </Button>
      )}
      {request && (
        <div className="mt-3">
          <GuaranteeCardForm request={request} onConfirmed={confirmed} />
        </div>
      )}
    </TitledCard>
  );
}
