import { and, asc, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { errorResponses } from '../../contract/common';
import {
  approvalSchema,
  cancelEventSchema,
  createEventSchema,
  eventDetailSchema,
  eventIdParams,
  eventSchema,
  organizerIdParams,
  truckIdParams,
} from '../../contract/events';
import { requireRole, requireUser } from '../auth/sessions';
import { eventMenuItems, events, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { toTruckDto } from '../trucks/truck-dto';
import { answerEventRequest } from './answer-event-request';
import { cancelEvent } from './cancel-event';
import { createEventRequest } from './create-event-request';
import { findVisibleEvent } from './event-access';
import { toEventDto } from './event-dto';
import { backerCountOfEvent } from '../progress/read-event-progress';

const tags = ['events'];

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** Events with their truck's name and cuisine, as the lists show them. */
  async function listEventsWithTruck(where: SQL | undefined, order: SQL[]) {
    const rows = await ctx.db
      .select({
        event: events,
        truckName: users.businessName,
        truckUsername: users.username,
        cuisine: users.cuisine,
      })
      .from(events)
      .innerJoin(users, eq(users.id, events.foodTruckId))
      .where(where)
      .orderBy(...order);
    return rows.map((r) =>
      toEventDto(r.event, { foodTruckName: r.truckName ?? r.truckUsername, cuisine: r.cuisine }),
    );
  }

  app.post(
    '/api/events',
    { schema: { tags, body: createEventSchema, response: { 201: eventSchema, ...errorResponses } } },
    async (request, reply) => {
      const organizer = await requireRole(request, 'organizer');
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

  app.get(
    '/api/events/public',
    { schema: { tags, response: { 200: eventSchema.array(), ...errorResponses } } },
    async () =>
      listEventsWithTruck(
        and(
          inArray(events.status, [...LIVE_EVENT_STATUSES]),
          eq(events.hidden, false),
          gt(events.endsAt, ctx.now()),
        ),
        [asc(events.startsAt), asc(events.id)],
      ),
  );

  app.get(
    '/api/events/pending/:foodTruckId',
    { schema: { tags, params: truckIdParams, response: { 200: eventSchema.array(), ...errorResponses } } },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      if (truck.id !== request.params.foodTruckId)
        throw forbidden('You can only see requests sent to your truck');
      const rows = await ctx.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.foodTruckId, truck.id),
            eq(events.status, 'pending_approval'),
            gt(events.approvalExpiryDate, ctx.now()),
          ),
        )
        .orderBy(asc(events.approvalExpiryDate));
      return rows.map((e) => toEventDto(e));
    },
  );

  app.get(
    '/api/events/organizer/:userId',
    {
      schema: { tags, params: organizerIdParams, response: { 200: eventSchema.array(), ...errorResponses } },
    },
    async (request) => {
      const user = await requireUser(request);
      if (user.id !== request.params.userId && user.role !== 'admin')
        throw forbidden('You can only see your own events');
      return listEventsWithTruck(eq(events.organizerId, request.params.userId), [
        desc(events.startsAt),
        desc(events.id),
      ]);
    },
  );

  app.get(
    '/api/events/:id',
    { schema: { tags, params: eventIdParams, response: { 200: eventDetailSchema, ...errorResponses } } },
    async (request) => {
      await findVisibleEvent(request, request.params.id);
      const [row] = await ctx.db
        .select({ event: events, truck: users, backerCount: backerCountOfEvent() })
        .from(events)
        .innerJoin(users, eq(users.id, events.foodTruckId))
        .where(eq(events.id, request.params.id));
      if (!row) throw notFound('Event not found');
      const offered = await ctx.db
        .select({ id: eventMenuItems.menuItemId })
        .from(eventMenuItems)
        .where(eq(eventMenuItems.eventId, row.event.id));
      return {
        ...toEventDto(row.event, {
          foodTruckName: row.truck.businessName ?? row.truck.username,
          cuisine: row.truck.cuisine,
        }),
        foodTruck: toTruckDto(row.truck),
        /** Distinct diners with an authorized or charged order. */
        backerCount: row.backerCount,
        /** The menu items this event offers; null: the truck's whole active menu. */
        menuItemIds: offered.length > 0 ? offered.map((o) => o.id) : null,
      };
    },
  );

  app.post(
    '/api/events/:id/approve',
    {
      schema: {
        tags,
        params: eventIdParams,
        body: approvalSchema,
        response: { 200: eventSchema, ...errorResponses },
      },
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

  app.post(
    '/api/events/:id/cancel',
    {
      schema: {
        tags,
        params: eventIdParams,
        body: cancelEventSchema.nullish(),
        response: { 200: eventSchema, ...errorResponses },
      },
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
