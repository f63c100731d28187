import { translate } from '@web/lib/i18n';

/** A card to confirm: a new order's intent, or a failed order's fresh one ("Pay again"). */
export interface PaymentRequest {
  eventId: number;
  orderId: number;
  clientSecret: string;
  /** What the card is charged, in cents. */
  amount: number;
  /** hold: authorize now; save: save the card, charged when the goal is met. */
  mode: 'hold' | 'save';
  /** The goal is already met: the card is charged at once. */
  chargeNow: boolean;
  /** The receipt link's token, when the order was opened from it. */
  token?: string | undefined;
}

/** Stripe's script did not load: the card step cannot be shown. */
export const stripeNotInitialized = () => translate('orders.stripeNotInitialized');

export interface PaymentToast {
  title: string;
  description: string;
  variant?: 'destructive';
}

/** The toast after a confirmed card, by what actually happened to the order. */
export function describePaymentSuccess(
  outcome: {
    orderStatus?: string | undefined;
    intentStatus: string;
    /** The event reached its goal meanwhile (maybe with this order): the held card is charged now. */
    goalReached?: boolean | undefined;
  },
  request: Pick<PaymentRequest, 'mode' | 'chargeNow'>,
): PaymentToast {
  // The card was accepted, then its charge was refused (a capture that failed): never "authorized".
  if (outcome.orderStatus === 'failed') {
    return {
      title: translate('orders.toast.failedTitle'),
      description: translate('orders.toast.failed'),
      variant: 'destructive',
    };
  }
  const charged =
    outcome.orderStatus === 'charged' || (request.mode === 'hold' && outcome.intentStatus === 'succeeded');
  if (charged) {
    return {
      title: translate('orders.toast.chargedTitle'),
      description: translate('orders.toast.charged'),
    };
  }
  if (outcome.goalReached) {
    return {
      title: translate(request.mode === 'save' ? 'orders.toast.savedTitle' : 'orders.toast.authorizedTitle'),
      description: translate('orders.toast.chargingNow'),
    };
  }
  if (request.mode === 'save') {
    return {
      title: translate('orders.toast.savedTitle'),
      description: translate('orders.toast.saved'),
    };
  }
  return {
    title: translate('orders.toast.authorizedTitle'),
    description: translate('orders.toast.authorized'),
  };
}
