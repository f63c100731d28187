/**
 * Which provider call the capture fan-out makes for an order of a funded event (its claim taken and
 * re-checked just before), decided without touching anything: a saved card is charged off-session
 * under `charge:<id>` (the intent is created there), a held card is captured under `capture:<id>`. The
 * keys are derived from the order, so a replay after a crash asks the same of the provider and never
 * moves money twice. `src/server/orders/capture-funded-orders.ts` makes the call.
 */

/** What the choice depends on: the order as claimed. */
export interface ChargeOrder {
  id: number;
  eventId: number;
  mode: 'hold' | 'save' | null;
  totalCents: number;
  /** The order's currency, lower case, as the provider is sent it ("eur"). */
  currency: string;
  paymentIntentId: string | null;
  paymentMethodId: string | null;
  customerId: string | null;
}

export type ChargeCall =
  /** A saved card, never charged yet: an off-session charge that creates and confirms the intent. */
  | {
      kind: 'charge';
      request: {
        amount: number;
        currency: string;
        captureMethod: 'automatic';
        customer: string | undefined;
        paymentMethod: string;
        offSession: true;
        confirm: true;
        description: string;
        metadata: { orderId: string; eventId: string };
        idempotencyKey: string;
      };
    }
  /** A held card (or a saved card's charge already created): the intent is captured. */
  | { kind: 'capture'; paymentIntentId: string; idempotencyKey: string }
  /** Nothing to charge with: no intent, no saved card. */
  | { kind: 'none' };

export function planChargeCall(order: ChargeOrder): ChargeCall {
  if (order.mode === 'save' && order.paymentMethodId && !order.paymentIntentId) {
    return {
      kind: 'charge',
      request: {
        amount: order.totalCents,
        currency: order.currency,
        captureMethod: 'automatic',
        customer: order.customerId ?? undefined,
        paymentMethod: order.paymentMethodId,
        offSession: true,
        confirm: true,
        description: `Pre-order #${order.id}`,
        metadata: { orderId: String(order.id), eventId: String(order.eventId) },
        idempotencyKey: `charge:${order.id}`,
      },
    };
  }
  if (order.paymentIntentId) {
    return { kind: 'capture', paymentIntentId: order.paymentIntentId, idempotencyKey: `capture:${order.id}` };
  }
  return { kind: 'none' };
}
