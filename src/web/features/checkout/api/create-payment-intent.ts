import type { CreatePaymentIntentInput } from '@core/schemas/checkout';
import type { CreatedOrder } from '@contract/orders';
import { startGuestSession } from '@web/lib/guest-session';

/** A failed payment request, with the message the product's "Payment Error" toast shows. */
export class PaymentRequestError extends Error {
  override name = 'PaymentRequestError';
  constructor(
    message: string,
    /** The HTTP status, when the server answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * POST /api/events/{id}/create-payment-intent. The Idempotency-Key is made once per checkout attempt,
 * so a double click or a retried request makes one order. Written with fetch rather than api() because
 * the product tells apart an unreadable answer by status ("Payment failed with status {n}", "Server error: {n}").
 */
export async function createPaymentIntent(
  eventId: number,
  input: CreatePaymentIntentInput,
  idempotencyKey: string,
): Promise<CreatedOrder> {
  let response: Response;
  try {
    await startGuestSession();
    response = await fetch(`/api/events/${eventId}/create-payment-intent`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(input),
    });
  } catch {
    throw new PaymentRequestError('Could not reach the server. Please check your connection and try again.');
  }
  const data = (await response.json().catch(() => undefined)) as
    (Partial<CreatedOrder> & { message?: string }) | undefined;
  if (!response.ok) {
    if (data?.message) throw new PaymentRequestError(data.message, response.status);
    throw new PaymentRequestError(
      response.status >= 500
        ? `Server error: ${response.status}`
        : `Payment failed with status ${response.status}`,
      response.status,
    );
  }
  if (!data?.clientSecret || data.orderId === undefined) {
    throw new PaymentRequestError('No client secret received from the server');
  }
  return data as CreatedOrder;
}
