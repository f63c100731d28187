import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizerDeskSchema } from '../../contract/desk';
import { requireRole } from '../auth/sessions';
import { requestLanguage } from '../i18n';
import { loadOrganizerDesk } from './load-organizer-desk';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['events']);

/** The organizer's dashboard: `GET /api/organizer/desk` (decision 154). */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/organizer/desk',
    {
      schema: routeSchema({
        operationId: 'getOrganizerDesk',
        summary: "The organizer's dashboard",
        login: true,
        response: { 200: organizerDeskSchema },
      }),
    },
    async (request, reply) => {
      const organizer = await requireRole(request, 'organizer');
      reply.header('Cache-Control', 'no-store');
      return loadOrganizerDesk(app.ctx.db, organizer.id, app.ctx.now(), requestLanguage(request));
    },
  );
};
