import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { ConnectEvent, PayoutGateway } from './payout-gateway';
import { SimulatorPayoutGateway } from './simulator-payout-gateway';

/** Stripe Connect when STRIPE_SECRET_KEY is set, the simulator otherwise, like the payment gateway. */
export async function createPayoutGateway(
  config: AppConfig,
  deps: {
    db: Db;
    now: () => Date;
    baseUrl: () => string;
    log: { warn(msg: string): void };
    /** The simulator's onboarding reports `account.updated` here (Stripe sends it to the webhook). */
    onConnectEvent: (event: ConnectEvent) => Promise<unknown>;
  },
): Promise<PayoutGateway> {
  if (config.stripe) {
    if (!config.stripe.connectWebhookSecret) {
      deps.log.warn(
        'STRIPE_CONNECT_WEBHOOK_SECRET is not set: account updates arrive only when a user returns from onboarding',
      );
    }
    const { StripePayoutGateway } = await import('./stripe-payout-gateway');
    return new StripePayoutGateway({
      secretKey: config.stripe.secretKey,
      connectWebhookSecret: config.stripe.connectWebhookSecret,
      apiUrl: config.stripe.apiUrl,
      now: deps.now,
    });
  }
  return new SimulatorPayoutGateway(deps);
}
