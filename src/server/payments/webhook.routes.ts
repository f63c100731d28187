import { signedWebhookRoute } from '../http/signed-webhook-route';
import { receivePaymentEvent } from './receive-payment-event';

/** Stripe's webhook: payment events, verified on the raw body, then dispatched to the goal engine. */
export const webhookRoutes = signedWebhookRoute({
  path: '/api/payments/webhook',
  operationId: 'receivePaymentWebhook',
  verify: (app, rawBody, signature) => app.ctx.payments.verifyWebhook(rawBody, signature),
  receive: (app, event) => receivePaymentEvent(app.ctx, event),
});
