import { lazy, Suspense, useState } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { usePaymentsConfig } from '../api/get-payments-config';
import { getEventStatus } from '../api/get-event-status';
import { syncOrder } from '../api/sync-order';
import { hasReachedGoal } from '@core/event-status';
import { describePaymentSuccess, stripeNotInitialized, type PaymentRequest } from '../payment-request';
import { reportError } from '@web/lib/report-error';
import { useT } from '@web/lib/i18n';

function StripeUnavailable() {
  useT(); // renders again in a new language
  return <Alert tone="error">{stripeNotInitialized()}</Alert>;
}

// Stripe's code (and its script from js.stripe.com) is fetched only when a diner reaches this form.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form')
    .then((m) => ({ default: m.StripeCardForm }))
    .catch((error: unknown) => {
      reportError('The Stripe card form did not load', error);
      return { default: StripeUnavailable };
    }),
);

// The simulator's form too: the card step is the last one, nobody needs it to see the page.
const SimulatorCardForm = lazy(() =>
  import('./simulator-card-form').then((m) => ({ default: m.SimulatorCardForm })),
);

/**
 * The card step: the simulator's form or Stripe's Payment Element, then the order synced at once (the
 * webhook and the reconciler would get there too) and the product's toast for what happened.
 */
export function CardPayment({
  request,
  onComplete,
  onCancel,
  cancelLabel,
}: {
  request: PaymentRequest;
  onComplete: () => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const t = useT();
  const config = usePaymentsConfig();
  const [finishing, setFinishing] = useState(false);

  async function handleConfirmed(intentStatus: string) {
    setFinishing(true);
    let orderStatus: string | undefined;
    let goalReached = false;
    try {
      orderStatus = (await syncOrder(request.eventId, request.orderId, request.token)).status;
      // A held card is charged at once if the goal was reached meanwhile: the toast must not say "later".
      if (orderStatus === 'confirmed' && !request.chargeNow)
        goalReached = hasReachedGoal(await getEventStatus(request.eventId));
    } catch (error) {
      // The card is confirmed; the webhook or the reconciler's sweep will record it.
      reportError('Order sync failed', error);
    }
    toast({ ...describePaymentSuccess({ orderStatus, intentStatus, goalReached }, request), duration: 6000 });
    onComplete();
  }

  let form;
  if (config.isPending) form = <Spinner label={t('orders.loadingTheCardForm')} />;
  else if (config.isError)
    form = (
      <Alert tone="error" title={t('orders.paymentProcessingFailed')}>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void config.refetch()}>
          {t('orders.retry')}
        </Button>
      </Alert>
    );
  else if (config.data.provider === 'stripe')
    form = (
      <Suspense fallback={<Spinner label={t('orders.loadingTheSecureCard')} />}>
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          request={request}
          onConfirmed={handleConfirmed}
        />
      </Suspense>
    );
  else
    form = (
      <Suspense fallback={<Spinner label={t('orders.loadingTheCardForm')} />}>
        <SimulatorCardForm request={request} onConfirmed={handleConfirmed} />
      </Suspense>
    );

  return (
    <div className="space-y-3" aria-busy={finishing || undefined}>
      {form}
      <Button variant="ghost" size="sm" className="w-full" onClick={onCancel} disabled={finishing}>
        {cancelLabel ?? t('orders.backToCart')}
      </Button>
    </div>
  );
}
