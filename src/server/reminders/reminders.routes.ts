import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, redirectResponse } from '../../contract/common';
import { eventIdParams } from '../../contract/events';
import {
  reminderConfirmBody,
  reminderConfirmedSchema,
  reminderConfirmQuery,
  reminderRequestSchema,
} from '../../contract/reminders';
import { confirmReminder } from './confirm-reminder';
import { requestReminder } from './request-reminder';
import { routeSchemasTagged } from '../http/route-schema';
import { requestLanguage, sayTo } from '../i18n';

const routeSchema = routeSchemasTagged(['reminders']);

/** "Remind me" on the event page and its confirmation link (the reminders go out from the reconciler). */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/events/:id/reminders',
    {
      schema: routeSchema({
        operationId: 'requestReminder',
        summary: 'Ask to be reminded of an event',
        params: eventIdParams,
        body: reminderRequestSchema,
        response: { 202: messageSchema },
      }),
    },
    async (request, reply) => {
      await requestReminder(ctx, request.params.id, request.body, request.ip, requestLanguage(request));
      ctx.reconciler.nudge();
      return reply.code(202).send({
        message: sayTo(request, 'reminderSent', { email: request.body.email }),
      });
    },
  );

  // The link in the confirmation mail opens a page whose button confirms (a GET changes nothing): links
  // mailed before it pointed here go to that page too.
  app.get(
    '/api/reminders/confirm',
    {
      schema: routeSchema({
        operationId: 'openReminderConfirmation',
        summary: 'A reminder confirmation link',
        querystring: reminderConfirmQuery,
        response: { 303: redirectResponse },
      }),
    },
    async (request, reply) =>
      reply.redirect(`/reminders/confirm?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.post(
    '/api/reminders/confirm',
    {
      schema: routeSchema({
        operationId: 'confirmReminder',
        summary: 'Confirm a reminder',
        body: reminderConfirmBody,
        response: { 200: reminderConfirmedSchema },
      }),
    },
    async (request) => ({
      eventId: await confirmReminder(ctx.db, ctx.config.sessionSecret, request.body.token, ctx.now()),
    }),
  );
};
