import { lazy, Suspense, useState } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { usePaymentsConfig } from '../api/get-payments-config';
import { syncOrder } from '../api/sync-order';
import { describePaymentSuccess, STRIPE_NOT_INITIALIZED, type PaymentRequest } from '../payment-request';
import { SimulatorCardForm } from './simulator-card-form';
import { reportError } from '@web/lib/report-error';

function StripeUnavailable() {
  return <Alert tone="error">{STRIPE_NOT_INITIALIZED}</Alert>;
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

/**
 * The card step: the simulator's form or Stripe's Payment Element, then the order synced at once (the
 * webhook and the reconciler would get there too) and the product's toast for what happened.
 */
export function CardPayment({
  request,
  onComplete,
  onCancel,
  cancelLabel = 'Back to cart',
}: {
  request: PaymentRequest;
  onComplete: () => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const config = usePaymentsConfig();
  const [finishing, setFinishing] = useState(false);

  async function handleConfirmed(intentStatus: string) {
    setFinishing(true);
    let orderStatus: string | undefined;
    try {
      orderStatus = (await syncOrder(request.eventId, request.orderId, request.token)).status;
    } catch (error) {
      // The card is confirmed; the webhook or the reconciler's sweep will record it.
      reportError('Order sync failed', error);
    }
    toast({ ...describePaymentSuccess({ orderStatus, intentStatus }, request), duration: 6000 });
    onComplete();
  }

  let form;
  if (config.isPending) form = <Spinner label="Loading the card form…" />;
  else if (config.isError)
    form = (
      <Alert tone="error" title="Payment processing failed">
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void config.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  else if (config.data.provider === 'stripe')
    form = (
      <Suspense fallback={<Spinner label="Loading the secure card form…" />}>
        <StripeCardForm
          publishableKey={config.data.publishableKey}
          request={request}
          onConfirmed={handleConfirmed}
        />
      </Suspense>
    );
  else form = <SimulatorCardForm request={request} onConfirmed={handleConfirmed} />;

  return (
    <div className="space-y-3" aria-busy={finishing || undefined}>
      {form}
      <Button variant="ghost" size="sm" className="w-full" onClick={onCancel} disabled={finishing}>
        {cancelLabel}
      </Button>
    </div>
  );
}
