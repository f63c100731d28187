import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { stripeNotInitialized, type PaymentRequest } from '../payment-request';
import { submitLabel } from './submit-label';
import { reportError } from '@web/lib/report-error';
import { useT } from '@web/lib/i18n';
import { useEventMoney } from '@web/lib/event-money';

/** One Stripe.js per key, fetched from js.stripe.com the first time a diner proceeds to payment. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      reportError('Stripe.js did not load', error);
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe's Payment Element: the card never touches our server. A hold confirms the
 * PaymentIntent, a saved card the SetupIntent; a redirect happens only for methods that need one.
 */
export function StripeCardForm({
  publishableKey,
  request,
  onConfirmed,
}: {
  publishableKey: string;
  request: PaymentRequest;
  onConfirmed: (intentStatus: string) => Promise<void> | void;
}) {
  const t = useT();
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void getStripe(publishableKey).then((loaded) => live && setStripe(loaded));
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (stripe === undefined) return <Spinner label={t('orders.loadingTheSecureCard')} />;
  if (stripe === null) return <Alert tone="error">{stripeNotInitialized()}</Alert>;
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: request.clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#ea580c' } },
      }}
    >
      <PaymentElementForm request={request} onConfirmed={onConfirmed} />
    </Elements>
  );
}

function PaymentElementForm({
  request,
  onConfirmed,
}: {
  request: PaymentRequest;
  onConfirmed: (intentStatus: string) => Promise<void> | void;
}) {
  const t = useT();
  const { format } = useEventMoney();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!stripe || !elements) {
      setError(stripeNotInitialized());
      return;
    }
    setPending(true);
    try {
      // A method that needs a redirect comes back to this page; the webhook and the reconciler sync it.
      const confirmParams = { return_url: window.location.href };
      if (request.mode === 'save') {
        const result = await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' });
        if (result.error) setError(result.error.message ?? t('orders.paymentProcessingFailed'));
        else await onConfirmed(result.setupIntent.status);
      } else {
        const result = await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
        if (result.error) setError(result.error.message ?? t('orders.paymentProcessingFailed'));
        else await onConfirmed(result.paymentIntent.status);
      }
    } catch (failure) {
      reportError('Stripe confirmation failed', failure);
      setError(t('orders.paymentProcessingFailed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={t('orders.cardDetails')} className="space-y-3">
      <PaymentElement options={{ layout: 'tabs', paymentMethodOrder: ['card', 'apple_pay', 'google_pay'] }} />
      {error && (
        <Alert tone="error" title={t('orders.paymentFailed')}>
          {error}
        </Alert>
      )}
      <Button type="submit" className="w-full" disabled={pending || !stripe || !elements}>
        {pending ? t('orders.processing') : submitLabel(request, t, format)}
      </Button>
    </form>
  );
}
