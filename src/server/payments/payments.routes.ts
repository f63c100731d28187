import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsConfigSchema } from '../../contract/payments';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['payments']);

/** What the browser needs to load the right card form: public values only. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/config',
    {
      schema: routeSchema({
        operationId: 'getPaymentsConfig',
        summary: "Which payment form to show, and Stripe's key",
        response: { 200: paymentsConfigSchema },
      }),
    },
    async () => {
      const { payments, config } = app.ctx;
      if (payments.provider === 'stripe' && config.stripe) {
        return { provider: 'stripe' as const, publishableKey: config.stripe.publishableKey };
      }
      return { provider: 'simulator' as const };
    },
  );
};
