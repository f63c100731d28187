import type { CreatePaymentIntentInput } from '@core/schemas/checkout';
import type { CreatedOrder } from '@contract/orders';
import { apiClient } from '@web/lib/api-client';
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
 * so a double click or a retried request makes one order. Reads the client's raw result rather than
 * through call() because the product tells apart an unreadable answer by status ("Payment failed with
 * status {n}", "Server error: {n}").
 */
export async function createPaymentIntent(
  eventId: number,
  input: CreatePaymentIntentInput,
  idempotencyKey: string,
): Promise<CreatedOrder> {
  let result: { data?: unknown; error?: unknown; response: Response };
  try {
    await startGuestSession();
    result = await apiClient.POST('/api/events/{id}/create-payment-intent', {
      params: { path: { id: eventId } },
      headers: { 'Idempotency-Key': idempotencyKey },
      body: input,
    });
  } catch {
    throw new PaymentRequestError('Could not reach the server. Please check your connection and try again.');
  }
  const { response } = result;
  const answer = response.ok ? result.data : result.error;
  const data = (answer && typeof answer === 'object' ? answer : undefined) as
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
