import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the browser needs to load the right card form: public values only. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/payments/config', async () => {
    const { payments, config } = app.ctx;
    if (payments.provider === 'stripe' && config.stripe) {
      return { provider: 'stripe' as const, publishableKey: config.stripe.publishableKey };
    }
    return { provider: 'simulator' as const };
  });
};
