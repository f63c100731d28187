import { z } from '../core/schemas/zod-messages';

/** What the browser needs to load the right card form: public values only. */
export const paymentsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
  z.object({ provider: z.literal('simulator') }),
]);

/** The simulator's card confirmation: the intent's id and new status, as Stripe.js reports them. */
export const simulatorConfirmResponse = z.object({ id: z.string(), status: z.string() });

/** A webhook delivery was taken (a repeated one is acknowledged and ignored). */
export const webhookReceivedSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });
