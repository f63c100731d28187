import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@contract/common';
import {
  simulatorOnboardingDoneSchema,
  simulatorOnboardingLinkSchema,
  simulatorOnboardingValidSchema,
} from '@contract/payouts';
import { notFound } from '../../http/errors';
import { IntentNotFoundError } from './payment-gateway';
import type { ConnectEvent } from './payout-gateway';
import type { SimulatorPayoutGateway } from './simulator-payout-gateway';

const linkSchema = simulatorOnboardingLinkSchema;
const tags = ['payouts'];

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
      schema: {
        tags,
        querystring: linkSchema,
        response: { 200: simulatorOnboardingValidSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { account, token } = request.query;
      return { valid: await simulator.isLinkValid(account, token) };
    },
  );

  app.post(
    '/api/payouts/simulator/onboarding',
    {
      schema: { tags, body: linkSchema, response: { 200: simulatorOnboardingDoneSchema, ...errorResponses } },
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
