import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedTourSchema, tourAnswerSchema, tourProgressSchema } from '../../contract/tour';
import { isReachableTourProgress, type TourProgress } from '../../core/tour';
import { tourStepsFor } from '../../core/truck-tour';
import { badRequest } from '../http/errors';
import { requireUser } from '../auth/sessions';
import { findTourProgress, saveTourProgress } from './tour-progress.repository';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['tour']);

/**
 * A signed-in user's onboarding tour progress, so it survives a reload and follows them to another
 * device (guests keep theirs in the browser). The client runs the tour's reducer; the server stores
 * only states the reducer can reach, so points and badges can't be made up.
 */
export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tour',
    {
      schema: routeSchema({
        operationId: 'getTourProgress',
        summary: "The account's progress through the tour",
        login: true,
        response: { 200: tourAnswerSchema },
      }),
    },
    async (request, reply): Promise<{ progress: TourProgress | null }> => {
      const user = await requireUser(request, reply);
      reply.header('Cache-Control', 'no-store');
      return { progress: await findTourProgress(app.ctx.db, user.id) };
    },
  );

  app.put(
    '/api/tour',
    {
      schema: routeSchema({
        operationId: 'saveTourProgress',
        summary: "Save the account's progress through the tour",
        login: true,
        body: tourProgressSchema,
        response: { 200: savedTourSchema },
      }),
    },
    async (request): Promise<{ progress: TourProgress }> => {
      const user = await requireUser(request);
      // Each role has its own tour (decision 159): a truck can't store an organizer's steps.
      if (!isReachableTourProgress(request.body, tourStepsFor(user.role))) {
        throw badRequest('This tour progress is not possible');
      }
      await saveTourProgress(app.ctx.db, user.id, request.body, app.ctx.now());
      return { progress: request.body };
    },
  );
};
