import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventIdParams } from '../../contract/events';
import {
  eventUpdateDtoSchema,
  eventUpdateSchema,
  postedUpdateSchema,
  unsubscribeSchema,
  unsubscribeTokenQuery,
} from '../../contract/updates';
import { requireRole } from '../auth/sessions';
import { findVisibleEvent } from '../access/event-access';
import { postEventUpdate } from './post-event-update';
import { latestUpdatesOfEvent } from './update-queries';
import { describeUnsubscribe, unsubscribeFromUpdates } from './unsubscribe-from-updates';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['updates']);
const tokenQuery = unsubscribeTokenQuery;
export const UPDATES_LIST_LIMIT = 50;

/** Updates to an event's diners, and the one-click unsubscribe of their e-mails. */
export const updatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/events/:id/updates',
    {
      schema: routeSchema({
        operationId: 'listEventUpdates',
        summary: "An event's updates",
        params: eventIdParams,
        response: { 200: eventUpdateDtoSchema.array() },
      }),
    },
    async (request) => {
      const event = await findVisibleEvent(request, request.params.id);
      const rows = await latestUpdatesOfEvent(ctx.db, event.id, UPDATES_LIST_LIMIT);
      return rows.map((r) => ({
        id: r.update.id,
        text: r.update.text,
        createdAt: r.update.createdAt.toISOString(),
        authorName: r.businessName ?? r.username,
        authorRole: r.role === 'foodtruck' ? ('truck' as const) : ('organizer' as const),
      }));
    },
  );

  app.post(
    '/api/events/:id/updates',
    {
      schema: routeSchema({
        operationId: 'postEventUpdate',
        summary: "Post an update to an event's diners",
        login: true,
        params: eventIdParams,
        body: eventUpdateSchema,
        response: { 201: postedUpdateSchema },
      }),
    },
    async (request, reply) => {
      const author = await requireRole(request, 'organizer', 'foodtruck');
      const posted = await postEventUpdate(ctx, author, request.params.id, request.body);
      ctx.reconciler.nudge();
      return reply.code(201).send({
        id: posted.update.id,
        text: posted.update.text,
        createdAt: posted.update.createdAt.toISOString(),
        authorName: posted.authorName,
        authorRole: posted.authorRole === 'foodtruck' ? 'truck' : 'organizer',
        recipients: posted.recipients,
      });
    },
  );

  app.get(
    '/api/updates/unsubscribe',
    {
      schema: routeSchema({
        operationId: 'getUnsubscribe',
        summary: 'What an unsubscribe link stops',
        querystring: tokenQuery,
        response: { 200: unsubscribeSchema },
      }),
    },
    async (request) => describeUnsubscribe(ctx.db, ctx.config.sessionSecret, request.query.token),
  );

  // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` as a form to this URL.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, null),
    );
    scope.post(
      '/api/updates/unsubscribe',
      {
        schema: routeSchema({
          operationId: 'unsubscribe',
          summary: 'RFC 8058 one-click unsubscribe (mail providers post a form)',
          querystring: tokenQuery,
          response: { 200: unsubscribeSchema },
        }),
      },
      async (request) =>
        unsubscribeFromUpdates(ctx.db, ctx.config.sessionSecret, request.query.token, ctx.now()),
    );
  });
};
