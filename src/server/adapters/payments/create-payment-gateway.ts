import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentEvents } from './payment-events';
import type { PaymentGateway } from './payment-gateway';
import { DatabasePacer } from './provider-pacer';
import { SimulatorGateway } from './simulator-gateway';

/** Stripe when STRIPE_SECRET_KEY is set, the simulator otherwise. Stripe's SDK is loaded only then. */
export async function createPaymentGateway(
  config: AppConfig,
  deps: {
    db: Db;
    events: PaymentEvents;
    now: () => Date;
    log: { error(obj: object, msg: string): void; warn(msg: string): void };
  },
): Promise<PaymentGateway> {
  const rate = config.payments.requestsPerSecond;
  const pacer = rate ? new DatabasePacer(deps.db, rate) : undefined;
  if (config.stripe) {
    if (!config.stripe.webhookSecret) {
      deps.log.warn(
        'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused (the reconciler still syncs payments)',
      );
    }
    const { StripeGateway } = await import('./stripe-gateway');
    return new StripeGateway({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiUrl: config.stripe.apiUrl,
      pacer,
      now: deps.now,
    });
  }
  return new SimulatorGateway({ ...deps, pacer, latencyMs: config.payments.simulatorLatencyMs });
}
