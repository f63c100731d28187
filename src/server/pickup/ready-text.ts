import { eq } from 'drizzle-orm';
import { readyTextBody } from '../../core/ready-texts';
import type { Tx } from '../db/client';
import { orderPickups, textMessages } from '../db/schema';

/**
 * Queues the diner's "ready" text (decision 227) in the transaction that marks the order ready, so
 * it is sent after that commits, by the reconciler, and at most once per order (a unique index): a
 * second "Ready" (another phone, a tap after an undo) queues nothing.
 */
export async function enqueueReadyText(
  tx: Tx,
  order: { id: number; pickupCode: string | null },
  event: { title: string },
  truckName: string,
): Promise<void> {
  if (!order.pickupCode) return;
  const [pickup] = await tx
    .select({ textTo: orderPickups.textTo })
    .from(orderPickups)
    .where(eq(orderPickups.orderId, order.id));
  if (!pickup?.textTo) return;
  await tx
    .insert(textMessages)
    .values({
      orderId: order.id,
      kind: 'order-ready',
      recipient: pickup.textTo,
      body: readyTextBody({ pickupCode: order.pickupCode }, truckName, event.title),
    })
    .onConflictDoNothing();
}
