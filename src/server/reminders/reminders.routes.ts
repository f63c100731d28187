import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reminderRequestSchema } from '../../core/schemas/momentum';
import { confirmReminder } from './confirm-reminder';
import { requestReminder } from './request-reminder';
import { idParamSchema } from '../../core/schemas/ids';

const id = idParamSchema;

/** "Remind me" on the event page and its confirmation link (the reminders go out from the reconciler). */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/events/:id/reminders',
    { schema: { params: z.object({ id }), body: reminderRequestSchema } },
    async (request, reply) => {
      await requestReminder(ctx, request.params.id, request.body, request.ip);
      ctx.reconciler.nudge();
      return reply.code(202).send({
        message: `Check your inbox: we sent a link to ${request.body.email} to confirm your reminder.`,
      });
    },
  );

  // The link in the confirmation mail: confirms, then opens the event page saying so.
  app.get(
    '/api/reminders/confirm',
    { schema: { querystring: z.object({ token: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      const eventId = await confirmReminder(ctx.db, ctx.config.sessionSecret, request.query.token, ctx.now());
      return reply.redirect(`/events/public/${eventId}?reminder=confirmed`, 303);
    },
  );
};
