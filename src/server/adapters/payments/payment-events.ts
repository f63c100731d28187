import type { GatewayEvent, PaymentEvent, PaymentEventType } from './payment-gateway';

export type PaymentEventHandler<T extends PaymentEventType> = (
  event: PaymentEvent<T>,
) => Promise<void> | void;

/**
 * Routes each payment event to the handlers subscribed to its type. The same events arrive from
 * Stripe's webhook and from the simulator, so the goal engine subscribes once and works with both.
 *
 * Handlers must be idempotent: Stripe delivers an event at least once, two deliveries may run at the
 * same time on two instances, and the client's sync call and the reconciler reach the same state too.
 */
export class PaymentEvents {
  private readonly handlers = new Map<string, Array<PaymentEventHandler<PaymentEventType>>>();

  /** Returns a function that unsubscribes. */
  subscribe<T extends PaymentEventType>(type: T, handler: PaymentEventHandler<T>): () => void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as PaymentEventHandler<PaymentEventType>);
    this.handlers.set(type, list);
    return () => {
      const current = this.handlers.get(type);
      if (current)
        this.handlers.set(
          type,
          current.filter((h) => h !== handler),
        );
    };
  }

  /**
   * Runs the event's handlers one after another and resolves to how many ran. A handler's error
   * stops the run and rejects, so the webhook answers 500 and Stripe delivers the event again.
   */
  async dispatch(event: GatewayEvent): Promise<number> {
    const list = [...(this.handlers.get(event.type) ?? [])];
    for (const handler of list) await handler(event as PaymentEvent);
    return list.length;
  }
}
