import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventIdParams } from '../../contract/events';
import { guaranteeSchema, guaranteeSetupSchema } from '../../contract/guarantees';
import { requireRole, requireUser } from '../auth/sessions';
import { findEventOf } from '../events/event-party';
import { findEvent } from '../events/event-queries';
import { forbidden, notFound } from '../http/errors';
import { routeSchemasTagged } from '../http/route-schema';
import { requestLanguage } from '../i18n';
import { findGuarantee, toGuaranteeDto } from './guarantee-queries';
import { offerGuarantee } from './offer-guarantee';
import { syncGuarantee } from './save-guarantee-card';

const routeSchema = routeSchemasTagged(['events']);

/** The host's guarantee of the truck's minimum (docs/decisions/224-the-host-guarantees-the-minimum.md). */
export const guaranteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/events/:id/guarantee',
    {
      schema: routeSchema({
        operationId: 'getEventGuarantee',
        summary: "The organizer's guarantee of the truck's minimum",
        login: true,
        params: eventIdParams,
        response: { 200: guaranteeSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const event = await findEvent(ctx.db, request.params.id);
      if (!event) throw notFound('Event not found');
      if (event.organizerId !== user.id && event.foodTruckId !== user.id && user.role !== 'admin') {
        throw forbidden("Only the event's organizer and truck can see its guarantee");
      }
      return toGuaranteeDto(await findGuarantee(ctx.db, event.id), event.currency, requestLanguage(request));
    },
  );

  app.post(
    '/api/events/:id/guarantee',
    {
      schema: routeSchema({
        operationId: 'offerEventGuarantee',
        summary: "Guarantee the truck's minimum with a saved card",
        login: true,
        params: eventIdParams,
        response: { 200: guaranteeSetupSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      return offerGuarantee(ctx, organizer.id, request.params.id, requestLanguage(request));
    },
  );

  app.post(
    '/api/events/:id/guarantee/sync',
    {
      schema: routeSchema({
        operationId: 'syncEventGuarantee',
        summary: "Record the guarantee's card once the card form confirmed it",
        login: true,
        params: eventIdParams,
        response: { 200: guaranteeSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      const event = await findEventOf(
        ctx.db,
        request.params.id,
        { organizerId: organizer.id },
        'Only the organizer of this event can guarantee it',
      );
      return toGuaranteeDto(
        await syncGuarantee(ctx, request.params.id),
        event.currency,
        requestLanguage(request),
      );
    },
  );
};
