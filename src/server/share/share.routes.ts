import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../contract/common';
import { events, users } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { describeSharePreview, renderSharePreview } from './share-preview';
import { idParams } from '../../core/schemas/ids';
import { wasAcceptedByTruck } from '../../core/event-status';

const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * `/events/public/{id}` rendered by the server with its share card tags (the client's index.html
 * from `clientDir`), and the truck's picture at its own URL for the card.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ clientDir: string }> = async (app, { clientDir }) => {
  const { ctx } = app;
  let template: Promise<string> | undefined;
  const loadTemplate = () => (template ??= readFile(path.join(clientDir, 'index.html'), 'utf8'));

  async function loadEvent(eventId: number) {
    const [row] = await ctx.db
      .select({ event: events, truck: users })
      .from(events)
      .innerJoin(users, eq(users.id, events.foodTruckId))
      .where(eq(events.id, eventId));
    // A request still waiting for (or refused by) its truck is nobody's to share.
    // Nor is an event an admin took down.
    if (!row || row.event.hidden || !wasAcceptedByTruck(row.event.status)) return null;
    return row;
  }

  app.get(
    '/events/public/:id',
    {
      schema: {
        tags: ['share'],
        params: z.object({ id: z.string() }),
        response: { 200: fileResponse('text/html', 'The event page, with its share card tags') },
      },
    },
    async (request, reply) => {
      const html = await loadTemplate();
      reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      const eventId = Number(request.params.id);
      const row = /^\d{1,9}$/.test(request.params.id) && eventId > 0 ? await loadEvent(eventId) : null;
      if (!row) return reply.send(html);
      const preview = describeSharePreview(
        row.event,
        row.truck.businessName ?? row.truck.username,
        publicBaseUrl(ctx.config),
        DATA_URL.test(row.truck.profileImage ?? ''),
      );
      return reply.send(renderSharePreview(html, preview));
    },
  );

  app.get(
    '/events/public/:id/share-image',
    {
      schema: {
        tags: ['share'],
        params: idParams('id'),
        response: {
          200: fileResponse('image/*', "The truck's picture for the share card"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const row = await loadEvent(request.params.id);
      const match = DATA_URL.exec(row?.truck.profileImage ?? '');
      if (!match) return reply.code(404).send({ message: 'No image for this event' });
      return reply
        .header('Content-Type', match[1]!)
        .header('Cache-Control', 'public, max-age=3600')
        .send(Buffer.from(match[2]!.replace(/\s/g, ''), 'base64'));
    },
  );
};
