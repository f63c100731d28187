import { createHash } from 'node:crypto';
import type { z } from '../../core/schemas/zod-messages';
import type { createPaymentIntentSchema } from '../../core/schemas/checkout';

type Input = z.output<typeof createPaymentIntentSchema>;

/** What the client asked for, canonically: the same Idempotency-Key must come with the same order. */
export function hashRequest(input: Input): string {
  const canonical = {
    items: [...input.items].map((i) => [i.menuItemId, i.quantity]).sort((a, b) => a[0]! - b[0]!),
    name: input.customerName,
    email: input.customerEmail.toLowerCase(),
    amount: input.amount,
    // Older keys hashed no tip: a request without one hashes as before.
    ...(input.tipPercent !== undefined ? { tipPercent: input.tipPercent } : {}),
    ...(input.tipCents !== undefined ? { tipCents: input.tipCents } : {}),
    // Only when there is one, so the hash of a checkout without a note is what it always was.
    ...(input.note ? { note: input.note } : {}),
    ...(input.promoCode ? { promoCode: input.promoCode.toUpperCase() } : {}),
    ...(input.donationCents ? { gift: input.donationCents, sponsor: input.sponsor?.name } : {}),
    ...(input.pickupSlot ? { pickupSlot: new Date(input.pickupSlot).toISOString() } : {}),
    ...(input.textTo ? { textTo: input.textTo } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
