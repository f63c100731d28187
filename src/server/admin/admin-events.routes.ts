import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contract/common';
import {
  ADMIN_EVENTS_COUNT_CAP,
  adminCancelEventSchema,
  adminEventsPageSchema,
  adminEventsQuerySchema,
  eventSchema,
  setHiddenSchema,
} from '../../contract/events';
import { requireRole } from '../auth/sessions';
import { events, users } from '../db/schema';
import { cancelEvent } from '../events/cancel-event';
import { toEventDto } from '../events/event-dto';
import { decodeCursor, encodeCursor, ISO_MICROSECONDS } from '../http/page-cursor';
import { publicBaseUrl } from '../http/public-url';
import { setEventHidden } from './set-event-hidden';
import { idParams } from '../../core/schemas/ids';

const PAGE_SIZE = 25;
const organizers = alias(users, 'organizers');

/** Admins: every event, newest first, to find and take down an abusive one; paged by cursor. */
export const adminEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/events',
    {
      schema: {
        tags: ['admin'],
        querystring: adminEventsQuerySchema,
        response: { 200: adminEventsPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      const { cursor, page, q, status, hidden } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      const conditions: SQL[] = [];
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(events.title, like),
            ilike(events.location, like),
            ilike(users.businessName, like),
            ilike(organizers.username, like),
          )!,
        );
      }
      if (status) conditions.push(eq(events.status, status));
      if (hidden) conditions.push(eq(events.hidden, hidden === 'true'));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      // Newest first, keyset on (created_at, id): a deep page costs what the first does.
      const position = after
        ? sql`(${events.createdAt}, ${events.id}) < (${after.at}::timestamptz, ${after.id})`
        : undefined;
      const rows = await ctx.db
        .select({
          event: events,
          truckName: users.businessName,
          truckUsername: users.username,
          organizerName: organizers.username,
          createdAtKey: sql<string>`to_char(${events.createdAt} at time zone 'UTC', ${ISO_MICROSECONDS})`,
        })
        .from(events)
        .innerJoin(users, eq(users.id, events.foodTruckId))
        .innerJoin(organizers, eq(organizers.id, events.organizerId))
        .where(and(where, position))
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(PAGE_SIZE + 1);
      // Counted up to a cap: beyond it the count would read the whole table on every page. In the list's
      // own order, so the count reads the newest events through `events_created_idx` and stops at the
      // cap, where an unordered count would scan the table (docs/decisions/178-constant-cost-figures.md).
      const matching = ctx.db
        .select({ one: sql`1` })
        .from(events)
        .innerJoin(users, eq(users.id, events.foodTruckId))
        .innerJoin(organizers, eq(organizers.id, events.organizerId))
        .where(where)
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(ADMIN_EVENTS_COUNT_CAP + 1)
        .as('matching');
      const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(matching);
      const total = count?.total ?? 0;
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
      schema: {
        tags: ['admin'],
        params: idParams('id'),
        body: setHiddenSchema,
        response: { 200: eventSchema, ...errorResponses },
      },
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
      schema: {
        tags: ['admin'],
        params: idParams('id'),
        body: adminCancelEventSchema,
        response: { 200: eventSchema, ...errorResponses },
      },
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
