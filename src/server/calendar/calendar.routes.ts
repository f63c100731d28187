import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../contract/common';
import { findVisibleEvent } from '../access/event-access';
import { notFound } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { buildCalendarFile } from './build-calendar-file';
import { loadCalendarEvent } from './load-calendar-event';
import { requestLanguage } from '../i18n';
import { eventIdParams } from '../../contract/events';
import { routeSchemasTagged } from '../http/route-schema';
import { z } from '../../core/schemas/zod-messages';
import { instantSchema } from '../../contract/common';
import { loadPickupSlots, pickupCalendarEvent } from '../pickup/pickup-slots';

const routeSchema = routeSchemasTagged(['events']);

/** `GET /api/events/{id}/calendar.ics`: "Add to calendar" from the event page. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events/:id/calendar.ics',
    {
      schema: routeSchema({
        operationId: 'getEventCalendar',
        summary: 'An event as a calendar file',
        params: eventIdParams,
        /** A diner's pickup slot (decision 226): the entry is that slot, not the whole event. */
        querystring: z.object({ pickup: instantSchema.optional() }),
        response: { 200: fileResponse('text/calendar', 'The event as an iCalendar file') },
      }),
    },
    async (request, reply) => {
      const visible = await findVisibleEvent(request, request.params.id);
      const baseUrl = publicBaseUrl(app.ctx.config);
      const found = await loadCalendarEvent(app.ctx.db, request.params.id, baseUrl);
      if (!found) throw notFound('Event not found');
      const language = requestLanguage(request);
      const event = request.query.pickup
        ? pickupCalendarEvent(
            found,
            await loadPickupSlots(app.ctx.db, found.id),
            request.query.pickup,
            language,
          )
        : found;
      return (
        reply
          .header('Content-Type', 'text/calendar; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="event-${event.id}.ics"`)
          // Anyone's file while the event is public; a hidden event's is only its insiders'.
          .header('Cache-Control', visible.hidden ? 'no-store' : 'public, no-cache')
          .send(buildCalendarFile({ ...event, language }, new URL(baseUrl).host))
      );
    },
  );
};
