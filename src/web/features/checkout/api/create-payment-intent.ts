import type { CreatePaymentIntentInput } from '@core/schemas/checkout';
import type { CreatedOrder } from '@contract/orders';
import { ApiError, apiClient } from '@web/lib/api-client';
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
 * so a double click or a retried request makes one order. The product tells apart an answer without a
 * message by its status ("Payment failed with status {n}", "Server error: {n}").
 */
export async function createPaymentIntent(
  eventId: number,
  input: CreatePaymentIntentInput,
  idempotencyKey: string,
): Promise<CreatedOrder> {
  let order: Partial<CreatedOrder> | undefined;
  try {
    await startGuestSession();
    order = await apiClient.POST('/api/events/{id}/create-payment-intent', {
      params: { path: { id: eventId } },
      headers: { 'Idempotency-Key': idempotencyKey },
      body: input,
    });
  } catch (error) {
    if (!(error instanceof ApiError))
      throw new PaymentRequestError(
        'Could not reach the server. Please check your connection and try again.',
      );
    // The API's own refusal (it has a code) is said as it is; another answer by its status.
    if (error.code !== undefined) throw new PaymentRequestError(error.message, error.status);
    throw new PaymentRequestError(
      error.status >= 500 ? `Server error: ${error.status}` : `Payment failed with status ${error.status}`,
      error.status,
    );
  }
  if (!order?.clientSecret || order.orderId === undefined) {
    throw new PaymentRequestError('No client secret received from the server');
  }
  return order as CreatedOrder;
}
