import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../contract/common';
import { eventIdParams } from '../../contract/events';
import { findVisibleEvent } from '../access/event-access';
import { tooManyRequests } from '../http/errors';
import { STREAM_RETRY_AFTER_SECONDS } from './progress-hub';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['events']);

/** `GET /api/events/{id}/stream`: the event's progress as Server-Sent Events (`progress` messages). */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.ctx.progress;
  app.addHook('onReady', () => hub.start());
  // preClose runs before any onClose, while the database is still open; open streams end here.
  app.addHook('preClose', () => hub.stop());

  app.get(
    '/api/events/:id/stream',
    {
      schema: routeSchema({
        operationId: 'streamEventProgress',
        summary: "An event's live progress (Server-Sent Events)",
        params: eventIdParams,
        response: {
          200: fileResponse(
            'text/event-stream',
            'Server-Sent Events: `progress` messages with the event totals',
          ),
        },
      }),
    },
    async (request, reply) => {
      const eventId = request.params.id;
      // Capped per address and per instance before anything else (each stream holds memory for hours).
      const place = hub.reserve(request.ip);
      if ('refusal' in place) throw tooManyRequests(place.refusal, STREAM_RETRY_AFTER_SECONDS);
      reply.raw.once('close', place.release).once('finish', place.release);
      // The only per-viewer read: does the event exist (by primary key) and may this caller see it, so a
      // typo, or a hidden event, gets a 404. Later viewers of a watched, public event cost no read at all;
      // a hidden one's are each checked, since the first viewer may be its organizer.
      if (!hub.isOpenToAll(eventId)) await findVisibleEvent(request, eventId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx and similar proxies would otherwise buffer the stream.
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      // Tell the browser to reconnect after 3 s if the connection drops.
      raw.write('retry: 3000\n\n');
      request.raw.socket.setTimeout(0);
      await hub.subscribe(eventId, raw);
    },
  );
};
