import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/language';
import type { Tx } from '../db/client';
import { orderPickups, textMessages } from '../db/schema';
import { translator } from '../i18n';

/**
 * The text's words (decision 227), in the diner's checkout language: the code, the truck and the
 * event, nothing about the diner or the order's money, and how to stop texts (STOP in every language:
 * the word Twilio and the carriers act on).
 */
export function readyTextBody(
  language: Language,
  order: { pickupCode: string },
  truckName: string,
  eventTitle: string,
): string {
  return translator(language)('mail:readyText.body', {
    truck: truckName,
    code: order.pickupCode,
    event: eventTitle,
  });
}

/**
 * Queues the diner's "ready" text (decision 227) in the transaction that marks the order ready, so
 * it is sent after that commits, by the reconciler, and at most once per order (a unique index): a
 * second "Ready" (another phone, a tap after an undo) queues nothing.
 */
export async function enqueueReadyText(
  tx: Tx,
  order: { id: number; pickupCode: string | null; language: string },
  event: { title: string },
  truckName: string,
): Promise<void> {
  if (!order.pickupCode) return;
  const [pickup] = await tx
    .select({ textTo: orderPickups.textTo })
    .from(orderPickups)
    .where(eq(orderPickups.orderId, order.id));
  if (!pickup?.textTo) return;
  const language = isLanguage(order.language) ? order.language : DEFAULT_LANGUAGE;
  await tx
    .insert(textMessages)
    .values({
      orderId: order.id,
      kind: 'order-ready',
      recipient: pickup.textTo,
      body: readyTextBody(language, { pickupCode: order.pickupCode }, truckName, event.title),
    })
    .onConflictDoNothing();
}
