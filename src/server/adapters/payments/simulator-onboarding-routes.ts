import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IntentNotFoundError } from './payment-gateway';
import { notFound } from '../../http/errors';
import type { ConnectEvent } from './payout-gateway';
import type { SimulatorPayoutGateway } from './simulator-payout-gateway';

const linkSchema = z.object({
  account: z.string().min(1, 'The onboarding link is incomplete').max(100),
  token: z.string().min(1, 'The onboarding link is incomplete').max(100),
});

/**
 * The simulator's stand-in for Stripe's hosted onboarding: the local page reads its link here and
 * completes it, which reports `account.updated` exactly as Stripe's Connect webhook would. The link's
 * secret token is the only key, as with Stripe's Account Links.
 */
export const simulatorOnboardingRoutes: FastifyPluginAsyncZod<{
  simulator: SimulatorPayoutGateway;
  onConnectEvent: (event: ConnectEvent) => Promise<unknown>;
}> = async (app, { simulator, onConnectEvent }) => {
  app.get('/api/payouts/simulator/onboarding', { schema: { querystring: linkSchema } }, async (request) => {
    const { account, token } = request.query;
    return { valid: await simulator.isLinkValid(account, token) };
  });

  app.post('/api/payouts/simulator/onboarding', { schema: { body: linkSchema } }, async (request) => {
    const { account, token } = request.body;
    try {
      const result = await simulator.completeOnboarding(account, token);
      if (result.event) await onConnectEvent(result.event);
      return { redirectTo: result.redirectTo };
    } catch (error) {
      if (error instanceof IntentNotFoundError)
        throw notFound('This onboarding link is no longer valid. Start again from your money page.');
      throw error;
    }
  });
};
