import type { FastifyPluginAsync } from 'fastify';
import { errorResponses } from '../../contract/common';
import { webhookReceivedSchema } from '../../contract/payments';
import { WebhookVerificationError } from '../adapters/payments/payment-gateway';
import { badRequest } from '../http/errors';
import { receiveConnectEvent } from './receive-connect-event';

/**
 * Stripe's Connect webhook (events of connected accounts, `account.updated` among them): its own
 * endpoint and signing secret, with the raw body kept for the signature as on the payments webhook.
 */
export const payoutsWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payouts/webhook',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Stripe's signed event delivery (raw JSON body, Stripe-Signature header)",
        response: { 200: webhookReceivedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rawBody = request.body;
      if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) throw badRequest('The webhook has no body');
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = app.ctx.payouts.verifyConnectWebhook(
          rawBody,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookVerificationError) throw badRequest(error.message);
        throw error;
      }
      const result = await receiveConnectEvent(app.ctx, event);
      return { received: true, duplicate: result === 'duplicate' };
    },
  );
};
