import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  simulatorOnboardingDoneSchema,
  simulatorOnboardingLinkSchema,
  simulatorOnboardingValidSchema,
} from '@contract/payouts';
import { notFound } from '../../http/errors';
import { routeSchemasTagged } from '../../http/route-schema';
import { IntentNotFoundError } from './payment-gateway';
import type { ConnectEvent } from './payout-gateway';
import type { SimulatorPayoutGateway } from './simulator-payout-gateway';

const linkSchema = simulatorOnboardingLinkSchema;
const routeSchema = routeSchemasTagged(['payouts']);

/**
 * The simulator's stand-in for Stripe's hosted onboarding: the local page reads its link here and
 * completes it, which reports `account.updated` exactly as Stripe's Connect webhook would. The link's
 * secret token is the only key, as with Stripe's Account Links.
 */
export const simulatorOnboardingRoutes: FastifyPluginAsyncZod<{
  simulator: SimulatorPayoutGateway;
  onConnectEvent: (event: ConnectEvent) => Promise<unknown>;
}> = async (app, { simulator, onConnectEvent }) => {
  app.get(
    '/api/payouts/simulator/onboarding',
    {
      schema: routeSchema({
        operationId: 'checkSimulatorOnboarding',
        summary: 'Check a simulator onboarding link',
        querystring: linkSchema,
        response: { 200: simulatorOnboardingValidSchema },
      }),
    },
    async (request) => {
      const { account, token } = request.query;
      return { valid: await simulator.isLinkValid(account, token) };
    },
  );

  app.post(
    '/api/payouts/simulator/onboarding',
    {
      schema: routeSchema({
        operationId: 'completeSimulatorOnboarding',
        summary: 'Complete a simulator onboarding',
        body: linkSchema,
        response: { 200: simulatorOnboardingDoneSchema },
      }),
    },
    async (request) => {
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
    },
  );
};
