import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulatorConfirmResponse } from '@contract/payments';
import { CardDeclinedError, IntentNotFoundError, IntentStateError } from './payment-gateway';
import { EXPIRY_PAST_MESSAGE, isExpiryPast, simulatorConfirmSchema } from './simulator-cards';
import type { SimulatorGateway } from './simulator-gateway';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { routeSchemasTagged } from '../../http/route-schema';

const routeSchema = routeSchemasTagged(['payments']);

/** The simulator's stand-in for Stripe.js: registered only while the simulator is the gateway. */
export const simulatorRoutes: FastifyPluginAsyncZod<{ simulator: SimulatorGateway }> = async (
  app,
  { simulator },
) => {
  app.post(
    '/api/payments/simulator/confirm',
    {
      schema: routeSchema({
        operationId: 'confirmSimulatorCard',
        summary: 'Confirm a card in the payment simulator',
        body: simulatorConfirmSchema,
        response: { 200: simulatorConfirmResponse },
      }),
    },
    async (request) => {
      const { clientSecret, cardNumber, expiry } = request.body;
      if (isExpiryPast(expiry, app.ctx.now()))
        throw badRequest(EXPIRY_PAST_MESSAGE, { expiry: EXPIRY_PAST_MESSAGE });
      try {
        return await simulator.confirmWithCard(clientSecret, cardNumber);
      } catch (error) {
        // 402 with the card's own message, as Stripe answers a declined card.
        if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
        if (error instanceof IntentNotFoundError) throw notFound(error.message);
        if (error instanceof IntentStateError) throw conflict(error.message);
        throw error;
      }
    },
  );
};
