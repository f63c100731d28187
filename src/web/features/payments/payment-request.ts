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

export const STRIPE_NOT_INITIALIZED = 'Stripe is not properly initialized. Please try again later.';

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
      title: 'Payment failed',
      description:
        'Your card was accepted, but the charge did not go through. Pay again with another card under Your Pre-Orders to keep your order.',
      variant: 'destructive',
    };
  }
  const charged =
    outcome.orderStatus === 'charged' || (request.mode === 'hold' && outcome.intentStatus === 'succeeded');
  if (charged) {
    return {
      title: 'Payment Successful!',
      description: 'The event has reached its goal! Your card has been charged.',
    };
  }
  if (outcome.goalReached) {
    return {
      title: request.mode === 'save' ? 'Card Successfully Saved' : 'Card Successfully Authorized',
      description: 'This event has reached its goal, so your card is being charged now.',
    };
  }
  if (request.mode === 'save') {
    return {
      title: 'Card Successfully Saved',
      description:
        'Your card has been saved. It will be charged when the event reaches its funding goal. You can cancel anytime before then.',
    };
  }
  return {
    title: 'Card Successfully Authorized',
    description:
      'Your card has been authorized. It will be charged when the event reaches its funding goal. You can cancel anytime before then.',
  };
}
