import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalSchema,
  cancelEventSchema,
  coverImageSchema,
  createEventSchema,
  eventDetailSchema,
  eventIdParams,
  eventReceiptQuerySchema,
  eventSchema,
  organizerIdParams,
  ownEventsPageSchema,
  ownEventsQuerySchema,
  publicEventsPageSchema,
  publicEventsQuerySchema,
  truckIdParams,
} from '../../contract/events';
import { requireRole, requireUser } from '../auth/sessions';
import { eventSalesTaxSchema } from '../../core/schemas/sales-tax';
import { setEventSalesTax } from './set-event-sales-tax';
import { forbidden, notFound } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { cachedAnswer } from '../public-reads/public-read-cache';
import { PRIVATE_CACHE_CONTROL, sendPublicAnswer } from '../public-reads/send-public-answer';
import { answerEventRequest } from './answer-event-request';
import { cancelEvent } from './cancel-event';
import { createEventRequest } from './create-event-request';
import { maySeeHiddenEvent } from '../access/event-access';
import { setEventCover } from './set-event-cover';
import { toEventDto } from './event-dto';
import { listOrganizerEvents, listPendingRequests } from './list-own-events';
import { listPublicEvents } from './list-public-events';
import { readEventDetail } from './read-event-detail';
import { throttleImageUpload } from '../images/throttle-image-upload';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['events']);

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // A cover picture may come inline as a data URL: room for 5 MB as base64.
  const withPicture = 7 * 1024 * 1024 + 64 * 1024;

  app.post(
    '/api/events',
    {
      schema: routeSchema({
        operationId: 'createEvent',
        summary: 'Ask a truck to come to an event',
        login: true,
        body: createEventSchema,
        response: { 201: eventSchema },
      }),
      bodyLimit: withPicture,
    },
    async (request, reply) => {
      const organizer = await requireRole(request, 'organizer');
      await throttleImageUpload(ctx, request, organizer.id, request.body.coverImage);
      const event = await createEventRequest(
        ctx.db,
        organizer,
        request.body,
        ctx.now(),
        publicBaseUrl(ctx.config),
      );
      ctx.reconciler.nudge();
      return reply.code(201).send(toEventDto(event));
    },
  );

  // Anyone's answers come from the instance's cache of public reads (docs/decisions/080-cached-public-reads.md).
  app.get(
    '/api/events/public',
    {
      schema: routeSchema({
        operationId: 'listPublicEvents',
        summary: 'The events taking orders, a page at a time',
        querystring: publicEventsQuerySchema,
        response: { 200: publicEventsPageSchema },
      }),
    },
    // Not async: a cached page is sent in the tick the request came in (PublicReadCache.peek).
    (request, reply) => {
      const { cursor, limit, from, to, organizer, event } = request.query;
      const key = JSON.stringify([cursor ?? '', limit, from ?? '', to ?? '', organizer ?? 0, event ?? 0]);
      const hit = ctx.publicReads.peek('list', key);
      if (hit) {
        sendPublicAnswer(request, reply, hit);
        return;
      }
      return ctx.publicReads
        .get('list', key, async () => {
          const { page, expiresAt } = await listPublicEvents(
            ctx.db,
            { cursor, limit, from, to, organizer, event },
            ctx.now(),
          );
          return cachedAnswer(page, { expiresAt });
        })
        .then((answer) => void sendPublicAnswer(request, reply, answer!));
    },
  );

  app.get(
    '/api/events/pending/:foodTruckId',
    {
      schema: routeSchema({
        operationId: 'listPendingEvents',
        summary: "The requests waiting for a truck's answer",
        login: true,
        params: truckIdParams,
        querystring: ownEventsQuerySchema,
        response: { 200: ownEventsPageSchema },
      }),
    },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      if (truck.id !== request.params.foodTruckId)
        throw forbidden('You can only see requests sent to your truck');
      reply.header('Cache-Control', 'no-store');
      return listPendingRequests(ctx.db, truck.id, ctx.now(), request.query);
    },
  );

  app.get(
    '/api/events/organizer/:userId',
    {
      schema: routeSchema({
        operationId: 'listOrganizerEvents',
        summary: "An organizer's events",
        login: true,
        params: organizerIdParams,
        querystring: ownEventsQuerySchema,
        response: { 200: ownEventsPageSchema },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (user.id !== request.params.userId && user.role !== 'admin')
        throw forbidden('You can only see your own events');
      reply.header('Cache-Control', 'no-store');
      return listOrganizerEvents(ctx.db, request.params.userId, request.query);
    },
  );

  app.get(
    '/api/events/:id',
    {
      schema: routeSchema({
        operationId: 'getEvent',
        summary: 'An event with its truck and progress',
        params: eventIdParams,
        querystring: eventReceiptQuerySchema,
        response: { 200: eventDetailSchema },
      }),
    },
    // Not async: anyone's cached answer goes out in the tick the request came in (PublicReadCache.peek).
    (request, reply) => {
      const hit = ctx.publicReads.peek('event', String(request.params.id));
      if (hit && !hit.restrictedTo) {
        sendPublicAnswer(request, reply, hit);
        return;
      }
      return (async () => {
        const answer = await ctx.publicReads.get('event', String(request.params.id), async () => {
          const read = await readEventDetail(ctx.db, request.params.id);
          if (!read) return null;
          const { event, detail } = read;
          return cachedAnswer(detail, {
            restrictedTo: event.hidden
              ? { organizerId: event.organizerId, foodTruckId: event.foodTruckId }
              : null,
            users: [event.foodTruckId, event.organizerId],
          });
        });
        if (!answer) throw notFound('Event not found');
        // A hidden event answers as a missing one, except to those who may still see it (decision 033).
        if (answer.restrictedTo) {
          const event = { id: request.params.id, ...answer.restrictedTo };
          if (!(await maySeeHiddenEvent(request, event, request.query))) throw notFound('Event not found');
          sendPublicAnswer(request, reply, answer, PRIVATE_CACHE_CONTROL);
        } else {
          sendPublicAnswer(request, reply, answer);
        }
      })();
    },
  );

  app.post(
    '/api/events/:id/approve',
    {
      schema: routeSchema({
        operationId: 'answerEventRequest',
        summary: "Accept or decline an event's request",
        login: true,
        params: eventIdParams,
        body: approvalSchema,
        response: { 200: eventSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const event = await answerEventRequest(
        ctx.db,
        truck.id,
        request.params.id,
        request.body,
        ctx.now(),
        publicBaseUrl(ctx.config),
      );
      ctx.reconciler.nudge();
      return toEventDto(event);
    },
  );

  app.put(
    '/api/events/:id/cover-image',
    {
      schema: routeSchema({
        operationId: 'setEventCover',
        summary: "Set or remove an event's cover picture",
        login: true,
        params: eventIdParams,
        body: coverImageSchema,
        response: { 200: eventSchema },
      }),
      bodyLimit: withPicture,
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      await throttleImageUpload(ctx, request, organizer.id, request.body.coverImage);
      const event = await setEventCover(
        ctx.db,
        organizer.id,
        request.params.id,
        request.body.coverImage,
        ctx.now(),
      );
      return toEventDto(event);
    },
  );

  app.put(
    '/api/events/:id/sales-tax',
    {
      schema: routeSchema({
        operationId: 'setEventSalesTax',
        summary: 'The truck overrides its sales-tax rate for one event',
        login: true,
        params: eventIdParams,
        body: eventSalesTaxSchema,
        response: { 200: eventSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const event = await setEventSalesTax(
        ctx.db,
        truck.id,
        request.params.id,
        request.body.basisPoints,
        ctx.now(),
      );
      return toEventDto(event);
    },
  );

  app.post(
    '/api/events/:id/cancel',
    {
      schema: routeSchema({
        operationId: 'cancelEvent',
        summary: 'Call an event off',
        login: true,
        params: eventIdParams,
        body: cancelEventSchema.nullish(),
        response: { 200: eventSchema },
      }),
    },
    async (request) => {
      const user = await requireRole(request, 'organizer', 'foodtruck');
      const event = await cancelEvent(
        ctx.db,
        { id: user.id, role: user.role as 'organizer' | 'foodtruck' },
        request.params.id,
        { now: ctx.now(), reason: request.body?.reason, baseUrl: publicBaseUrl(ctx.config) },
      );
      ctx.reconciler.nudge();
      return toEventDto(event);
    },
  );
};
