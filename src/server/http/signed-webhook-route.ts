import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { webhookReceivedSchema } from '../../contract/payments';
import { WebhookVerificationError } from '../adapters/payments/payment-gateway';
import { badRequest } from './errors';
import { routeSchemasTagged } from './route-schema';

const routeSchema = routeSchemasTagged(['webhooks']);

/**
 * A Stripe-signed webhook endpoint. The signature covers the exact bytes Stripe sent, so the plugin
 * (and only it: Fastify encapsulates content-type parsers per plugin) keeps the body raw, verifies it,
 * then hands the event on; a redelivery answers `duplicate: true`.
 */
export function signedWebhookRoute<E>(options: {
  path: string;
  /** The operation's name in the API description (its summary is the same for every webhook). */
  operationId: string;
  verify: (app: FastifyInstance, rawBody: Buffer, signature: string | undefined) => E;
  receive: (app: FastifyInstance, event: E) => Promise<'processed' | 'duplicate'>;
}): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      options.path,
      {
        schema: routeSchema({
          operationId: options.operationId,
          summary: "Stripe's signed event delivery (raw JSON body, Stripe-Signature header)",
          response: { 200: webhookReceivedSchema },
        }),
      },
      async (request) => {
        const rawBody = request.body;
        if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) throw badRequest('The webhook has no body');
        const signature = request.headers['stripe-signature'];
        let event: E;
        try {
          event = options.verify(app, rawBody, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookVerificationError) throw badRequest(error.message);
          throw error;
        }
        const result = await options.receive(app, event);
        return { received: true, duplicate: result === 'duplicate' };
      },
    );
  };
}
