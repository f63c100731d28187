import { eq } from 'drizzle-orm';
import type { GatewayEvent } from '../adapters/payments/payment-gateway';
import type { PaymentEvents } from '../adapters/payments/payment-events';
import type { Db } from '../db/client';
import { processedWebhookEvents } from '../db/schema';

export type ReceiveResult = 'processed' | 'duplicate';

/**
 * A verified webhook event: skipped when it was handled before, otherwise dispatched to its handlers and
 * then recorded. Recording comes last so that an event whose handler failed is handled again when
 * Stripe redelivers it; two deliveries racing each other both run the (idempotent) handlers.
 */
export async function receivePaymentEvent(
  deps: { db: Db; paymentEvents: PaymentEvents; now: () => Date },
  event: GatewayEvent,
): Promise<ReceiveResult> {
  const [seen] = await deps.db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, event.id));
  if (seen) return 'duplicate';
  await deps.paymentEvents.dispatch(event);
  await deps.db
    .insert(processedWebhookEvents)
    .values({ id: event.id, type: event.type, processedAt: deps.now() })
    .onConflictDoNothing();
  return 'processed';
}
