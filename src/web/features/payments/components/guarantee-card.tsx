import { lazy, Suspense, useState } from 'react';
import { formatCents, parseDecimalToCents } from '@core/money';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
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
  const config = usePaymentsConfig();
  if (config.isPending) return <Spinner label="Loading the card form…" />;
  if (config.isError) return <Alert tone="error" title="Payment processing failed" />;
  return (
    <Suspense fallback={<Spinner label="Loading the card form…" />}>
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

const STATUS_WORDS: Record<string, string> = {
  charged: 'Your card was charged the shortfall at the start, as you guaranteed.',
  declined: 'Charging your card at the start failed, so the event was called off as all-or-nothing.',
  not_needed: 'Diners reached the goal: your card was not charged.',
  withdrawn: 'Your card was saved after the truck had answered, so it was not used.',
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
  const guarantee = useEventGuarantee(eventId);
  const offer = useOfferGuarantee(eventId);
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<PaymentRequest | null>(null);
  const status = guarantee.data?.status ?? 'none';
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
          amount: parseDecimalToCents(answer.guarantee.cap ?? '0'),
          mode: 'save',
          chargeNow: false,
        }),
    });

  const standing = status === 'saved' || status === 'charging';
  return (
    <TitledCard
      title="Guarantee the truck's minimum"
      description="Rather pay the shortfall than see the event called off? Save a card now, before the truck decides."
      className="mt-6"
    >
      {standing || status === 'charged' ? (
        <GuaranteeNotice eventId={eventId} />
      ) : (
        <p className="text-sm text-muted">
          {STATUS_WORDS[status] ??
            `If food sales are short of the goal when the event starts, your card is charged the difference (at most ${formatCents(parseDecimalToCents(guarantee.data?.cap ?? goal))}), so the event goes ahead and the truck is paid its minimum. You are told 48 hours before what you may pay.`}
        </p>
      )}
      {status === 'charged' && <p className="mt-2 text-sm">{STATUS_WORDS.charged}</p>}
      {pending && !standing && status !== 'charged' && !request && (
        <Button className="mt-3" onClick={start} disabled={offer.isPending}>
          {offer.isPending ? 'Starting…' : 'Guarantee the minimum'}
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
