import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeAnswerSchema,
  changeRequestDtoSchema,
  changeRequestParams,
  changeRequestSchema,
  editEventSchema,
  eventIdParams,
  eventSchema,
  latestChangeSchema,
} from '../../contract/events';
import { requireRole, requireUser } from '../auth/sessions';
import { forbidden, notFound } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { answerEventChange } from './answer-event-change';
import { toChangeRequestDto } from './change-request-dto';
import { toEventDto } from './event-dto';
import { findEvent, latestChangeRequest, pendingChangesOfTruck } from './event-queries';
import { editEventDetails } from './edit-event-details';
import { requestEventChange } from './request-event-change';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['events']);

/** Editing an event: its details, and the changes of date, times or place its truck answers. */
export const eventChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.patch(
    '/api/events/:id',
    {
      schema: routeSchema({
        operationId: 'updateEvent',
        summary: "Change an event's details",
        login: true,
        params: eventIdParams,
        body: editEventSchema,
        response: { 200: eventSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      const event = await editEventDetails(ctx.db, organizer.id, request.params.id, request.body, ctx.now());
      return toEventDto(event);
    },
  );

  app.post(
    '/api/events/:id/change-requests',
    {
      schema: routeSchema({
        operationId: 'requestEventChange',
        summary: 'Ask the truck to agree to a change',
        login: true,
        params: eventIdParams,
        body: changeRequestSchema,
        response: { 201: changeRequestDtoSchema },
      }),
    },
    async (request, reply) => {
      const organizer = await requireRole(request, 'organizer');
      const { event, change } = await requestEventChange(
        ctx.db,
        organizer.id,
        request.params.id,
        request.body,
        ctx.now(),
        publicBaseUrl(ctx.config),
      );
      ctx.reconciler.nudge();
      return reply.code(201).send(toChangeRequestDto(change, event));
    },
  );

  app.get(
    '/api/events/:id/change-requests/latest',
    {
      schema: routeSchema({
        operationId: 'getLatestEventChange',
        summary: "An event's latest change request",
        login: true,
        params: eventIdParams,
        response: { 200: latestChangeSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const event = await findEvent(ctx.db, request.params.id);
      if (!event) throw notFound('Event not found');
      if (user.id !== event.organizerId && user.id !== event.foodTruckId && user.role !== 'admin')
        throw forbidden("Only the event's organizer and truck can see its changes");
      const change = await latestChangeRequest(ctx.db, event.id);
      return { change: change ? toChangeRequestDto(change, event) : null };
    },
  );

  app.get(
    '/api/change-requests/pending',
    {
      schema: routeSchema({
        operationId: 'listPendingEventChanges',
        summary: "The changes waiting for a truck's answer",
        login: true,
        response: { 200: z.array(changeRequestDtoSchema) },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const rows = await pendingChangesOfTruck(ctx.db, truck.id, ctx.now());
      return rows.map((r) => toChangeRequestDto(r.change, r.event));
    },
  );

  app.post(
    '/api/events/:id/change-requests/:changeId/answer',
    {
      schema: routeSchema({
        operationId: 'answerEventChange',
        summary: 'Accept or decline a change',
        login: true,
        params: changeRequestParams,
        body: changeAnswerSchema,
        response: { 200: changeRequestDtoSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const { event, change } = await answerEventChange(
        ctx,
        truck.id,
        { eventId: request.params.id, changeId: request.params.changeId },
        request.body,
        ctx.now(),
      );
      ctx.reconciler.nudge();
      return toChangeRequestDto(change, event);
    },
  );
};
