import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refundFailureListSchema, settleRefundFailureSchema } from '../../contract/refund-failures';
import { z } from '../../core/schemas/zod-messages';
import { requireRole } from '../auth/sessions';
import { requestLanguage } from '../i18n';
import { routeSchemasTagged } from '../http/route-schema';
import { listRefundFailures, settleRefundFailure } from './refund-failures';

const routeSchema = routeSchemasTagged(['admin']);

/**
 * Admins: the refunds the payment provider refused for good (docs/decisions/213), and settling one
 * (one more try, refunded another way, or closed).
 */
export const refundFailureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/admin/refund-failures',
    {
      schema: routeSchema({
        operationId: 'listRefundFailures',
        summary: 'Refunds the payment provider refused for good, for the admins',
        login: true,
        response: { 200: refundFailureListSchema },
      }),
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      return { failures: await listRefundFailures(ctx.db, requestLanguage(request)) };
    },
  );

  app.post(
    '/api/admin/refund-failures/settle',
    {
      schema: routeSchema({
        operationId: 'settleRefundFailure',
        summary: 'Settle a refused refund as an admin',
        login: true,
        body: settleRefundFailureSchema,
        response: { 200: settleRefundFailureSchema.extend({ settled: z.literal(true) }) },
      }),
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const settled = await settleRefundFailure(ctx, admin.id, request.body);
      return { ...settled, settled: true as const };
    },
  );
};
