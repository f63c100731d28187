import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findVisibleEvent } from '../events/event-access';
import { notFound } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { buildCalendarFile } from './build-calendar-file';
import { loadCalendarEvent } from './load-calendar-event';
import { idParamSchema } from '../../core/schemas/ids';

const id = idParamSchema;

/** `GET /api/events/{id}/calendar.ics`: "Add to calendar" from the event page. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events/:id/calendar.ics',
    { schema: { params: z.object({ id }) } },
    async (request, reply) => {
      await findVisibleEvent(request, request.params.id);
      const baseUrl = publicBaseUrl(app.ctx.config);
      const event = await loadCalendarEvent(app.ctx.db, request.params.id, baseUrl);
      if (!event) throw notFound('Event not found');
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="event-${event.id}.ics"`)
        .header('Cache-Control', 'no-cache')
        .send(buildCalendarFile(event, new URL(baseUrl).host));
    },
  );
};
