import { z } from '../core/schemas/zod-messages';
import { REFUND_SETTLEMENTS } from '../core/refund-refusals';
import { currencySchema, idValueSchema, instantSchema, moneySchema } from './common';

/**
 * Refunds the payment provider refused every time it was asked (docs/decisions/213): a truck's
 * correction, or an order's whole refund. Each waits in this one list until an admin settles it.
 */
export const refundFailureSchema = z.object({
  kind: z.enum(['correction', 'order']),
  /** The correction's id, or the order's for a whole refund. */
  id: z.number().int(),
  orderId: z.number().int(),
  pickupCode: z.string().nullable(),
  dinerName: z.string(),
  dinerEmail: z.string(),
  eventId: z.number().int(),
  eventTitle: z.string(),
  truckName: z.string(),
  amount: moneySchema,
  /** The order's currency, the event's: `amount` is in it (decision 230). */
  currency: currencySchema,
  /** The truck's reason for a correction, or why the order was owed back. */
  reason: z.string().nullable(),
  /** The provider's refusal in plain words. */
  failure: z.string().nullable(),
  attempts: z.number().int(),
  gaveUpAt: instantSchema,
});
export type RefundFailureDto = z.infer<typeof refundFailureSchema>;

export const refundFailureListSchema = z.object({
  failures: z.array(refundFailureSchema),
});

/**
 * `retry`: one more try at the provider; `refunded_elsewhere`: the diner got the money another way
 * (it counts as refunded, the payouts follow); `close`: no refund is owed any more (the money stays
 * charged and in the payouts).
 */
export const settleRefundFailureSchema = z.object({
  kind: z.enum(['correction', 'order']),
  id: idValueSchema.max(2_147_483_647),
  action: z.enum(REFUND_SETTLEMENTS),
});
export type SettleRefundFailureInput = z.infer<typeof settleRefundFailureSchema>;
