import { eq } from 'drizzle-orm';
import type { ConnectEvent } from '../adapters/payments/payout-gateway';
import type { AppContext } from '../context';
import { processedWebhookEvents } from '../db/schema';
import { applyAccountUpdate } from './apply-account-update';

/**
 * A verified Connect event: skipped when already handled, otherwise applied, then recorded (so an
 * event whose handling failed is handled again when Stripe redelivers it).
 */
export async function receiveConnectEvent(
  ctx: Pick<AppContext, 'db' | 'now' | 'reconciler'>,
  event: ConnectEvent,
): Promise<'processed' | 'duplicate'> {
  const [seen] = await ctx.db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, event.id));
  if (seen) return 'duplicate';
  if (event.type === 'account.updated' && event.account) await applyAccountUpdate(ctx, event.account);
  await ctx.db
    .insert(processedWebhookEvents)
    .values({ id: event.id, type: event.type, processedAt: ctx.now() })
    .onConflictDoNothing();
  return 'processed';
}
