import type { PaymentEvent } from './payment-gateway';
import type { PaymentEvents } from './payment-events';
import { randomId } from './simulator-intents';

interface Logger {
  error(obj: object, msg: string): void;
}

/** An event as Stripe's webhook would send it. */
export function paymentEvent<T extends PaymentEvent['type']>(
  type: T,
  object: Extract<PaymentEvent, { type: T }>['data']['object'],
): PaymentEvent {
  return { id: randomId('evt'), type, data: { object } } as PaymentEvent;
}

/**
 * How the simulator's events reach the app: through `PaymentEvents`, after the call that caused them
 * answered (as Stripe's webhooks do), or at once where the caller must see them handled.
 */
export class SimulatorEventDelivery {
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly events: PaymentEvents,
    private readonly log: Logger,
  ) {}

  /** Webhooks arrive after the API call that caused them answered, as Stripe's do. */
  inBackground(events: PaymentEvent[]): void {
    if (events.length === 0) return;
    const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.now(events));
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  /** A failing handler is logged; the reconciler's sweep catches up, as with a failed Stripe webhook. */
  async now(events: PaymentEvent[]): Promise<void> {
    for (const e of events) {
      try {
        await this.events.dispatch(e);
      } catch (error) {
        this.log.error(
          { err: error, eventType: e.type, objectId: e.data.object.id },
          'payment event handler failed',
        );
      }
    }
  }

  /** Waits until every event reported in the background has been handled. */
  async flush(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }
}
