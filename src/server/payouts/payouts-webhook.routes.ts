import { signedWebhookRoute } from '../http/signed-webhook-route';
import { receiveConnectEvent } from './receive-connect-event';

/**
 * Stripe's Connect webhook (events of connected accounts, `account.updated` among them): its own
 * endpoint and signing secret, verified on the raw body like the payments webhook.
 */
export const payoutsWebhookRoutes = signedWebhookRoute({
  path: '/api/payouts/webhook',
  operationId: 'receivePayoutWebhook',
  verify: (app, rawBody, signature) => app.ctx.payouts.verifyConnectWebhook(rawBody, signature),
  receive: (app, event) => receiveConnectEvent(app.ctx, event),
});
