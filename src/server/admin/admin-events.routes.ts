import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_EVENTS_COUNT_CAP,
  adminCancelEventSchema,
  adminEventsPageSchema,
  adminEventsQuerySchema,
  eventSchema,
  setHiddenSchema,
} from '../../contract/events';
import { requireRole } from '../auth/sessions';
import { cancelEvent } from '../events/cancel-event';
import { toEventDto } from '../events/event-dto';
import { decodeCursor, encodeCursor } from '../http/page-cursor';
import { publicBaseUrl } from '../http/public-url';
import { adminEventsPage } from './admin-event-queries';
import { setEventHidden } from './set-event-hidden';
import { idParams } from '../../core/schemas/ids';
import { routeSchemasTagged } from '../http/route-schema';

const PAGE_SIZE = 25;

const routeSchema = routeSchemasTagged(['admin']);

/** Admins: every event, newest first, to find and take down an abusive one; paged by cursor. */
export const adminEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/events',
    {
      schema: routeSchema({
        operationId: 'listAdminEvents',
        summary: 'Every event, for the admins',
        login: true,
        querystring: adminEventsQuerySchema,
        response: { 200: adminEventsPageSchema },
      }),
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      const { cursor, page, q, status, hidden } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      // Newest first, keyset on (created_at, id); counted up to a cap.
      const { rows, total } = await adminEventsPage(ctx.db, { q, status, hidden }, after, {
        pageSize: PAGE_SIZE,
        countCap: ADMIN_EVENTS_COUNT_CAP,
      });
      const shown = rows.slice(0, PAGE_SIZE);
      const last = shown.at(-1);
      reply.header('Cache-Control', 'no-store');
      return {
        events: shown.map((r) => ({
          ...toEventDto(r.event, { foodTruckName: r.truckName ?? r.truckUsername }),
          organizerName: r.organizerName,
        })),
        page,
        pageSize: PAGE_SIZE,
        total: Math.min(total, ADMIN_EVENTS_COUNT_CAP),
        totalCapped: total > ADMIN_EVENTS_COUNT_CAP,
        nextCursor:
          rows.length > PAGE_SIZE && last ? encodeCursor({ at: last.createdAtKey, id: last.event.id }) : null,
      };
    },
  );

  app.post(
    '/api/admin/events/:id/hidden',
    {
      schema: routeSchema({
        operationId: 'setEventHidden',
        summary: 'Hide or show an event',
        login: true,
        params: idParams('id'),
        body: setHiddenSchema,
        response: { 200: eventSchema },
      }),
    },
    async (request) => {
      await requireRole(request, 'admin');
      const event = await setEventHidden(ctx.db, request.params.id, request.body, {
        now: ctx.now(),
        baseUrl: publicBaseUrl(ctx.config),
      });
      // Taken down everywhere before the admin hears it is: no instance serves it after this answer.
      if (event.hidden) await ctx.takedowns.propagate(event.id);
      return toEventDto(event);
    },
  );

  app.post(
    '/api/admin/events/:id/cancel',
    {
      schema: routeSchema({
        operationId: 'cancelEventAsAdmin',
        summary: 'Call an event off as an admin',
        login: true,
        params: idParams('id'),
        body: adminCancelEventSchema,
        response: { 200: eventSchema },
      }),
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const event = await cancelEvent(ctx.db, { id: admin.id, role: 'admin' }, request.params.id, {
        now: ctx.now(),
        reason: request.body.reason,
        baseUrl: publicBaseUrl(ctx.config),
      });
      ctx.reconciler.nudge();
      return toEventDto(event);
    },
  );
};
