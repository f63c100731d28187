import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentEvents } from './payment-events';
import type { PaymentGateway } from './payment-gateway';
import { SimulatorGateway } from './simulator-gateway';
import { StripeGateway } from './stripe-gateway';

/** Stripe when STRIPE_SECRET_KEY is set, the simulator otherwise (design.md section 4). */
export function createPaymentGateway(
  config: AppConfig,
  deps: {
    db: Db;
    events: PaymentEvents;
    now: () => Date;
    log: { error(obj: object, msg: string): void; warn(msg: string): void };
  },
): PaymentGateway {
  if (config.stripe) {
    if (!config.stripe.webhookSecret) {
      deps.log.warn(
        'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused (the reconciler still syncs payments)',
      );
    }
    return new StripeGateway({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiUrl: config.stripe.apiUrl,
      requestsPerSecond: config.stripe.requestsPerSecond,
    });
  }
  return new SimulatorGateway(deps);
}
