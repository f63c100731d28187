import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../core/schemas/ids';
import { messageSchema } from '../../contract/common';
import {
  reviewInputSchema,
  reviewInvitationSchema,
  reviewRemovalSchema,
  reviewReplySchema,
  reviewSchema,
  reviewsPageSchema,
  reviewsQuerySchema,
  reviewTokenQuerySchema,
} from '../../contract/reviews';
import { loadSession, requireRole } from '../auth/sessions';
import { canAccessOrder } from '../access/order-access';
import { listTruckReviews } from './review-queries';
import { isValidReviewToken } from './review-token';
import {
  dinerInvitation,
  organizerInvitation,
  removeReview,
  replyToReview,
  writeDinerReview,
  writeOrganizerReview,
} from './write-review';
import { routeSchemasTagged } from '../http/route-schema';
import { sayTo } from '../i18n';

const routeSchema = routeSchemasTagged(['reviews']);
const adminRouteSchema = routeSchemasTagged(['admin']);

/** Reviews of trucks after closed events (decision 171). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trucks/:id/reviews',
    {
      schema: routeSchema({
        operationId: 'listTruckReviews',
        summary: "A truck's reviews, a page at a time",
        params: idParams('id'),
        querystring: reviewsQuerySchema,
        response: { 200: reviewsPageSchema },
      }),
    },
    async (request) => listTruckReviews(app.ctx.db, request.params.id, request.query.cursor),
  );

  app.get(
    '/api/events/:id/review',
    {
      schema: routeSchema({
        operationId: 'getOrganizerReviewInvitation',
        summary: "The organizer's invitation to review the truck",
        login: true,
        params: idParams('id'),
        response: { 200: reviewInvitationSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      return organizerInvitation(app.ctx.db, organizer.id, request.params.id, app.ctx.now());
    },
  );

  app.post(
    '/api/events/:id/review',
    {
      schema: routeSchema({
        operationId: 'createOrganizerReview',
        summary: "Review the event's truck as its organizer",
        login: true,
        params: idParams('id'),
        body: reviewInputSchema,
        response: { 201: reviewSchema },
      }),
    },
    async (request, reply) => {
      const organizer = await requireRole(request, 'organizer');
      const review = await writeOrganizerReview(
        app.ctx.db,
        organizer,
        request.params.id,
        request.body,
        app.ctx.now(),
      );
      return reply.code(201).send(review);
    },
  );

  /** A diner reaches their order's review by the link in the thank-you mail, or from the browser that ordered. */
  async function dinerAccess(
    request: { query: { token?: string } } & Parameters<typeof loadSession>[0],
    orderId: number,
  ) {
    const visitorKey = (await loadSession(request))?.data.visitorKey;
    const secret = app.ctx.config.sessionSecret;
    return (order: { id: number; ownerSessionKey: string | null }) =>
      isValidReviewToken(secret, orderId, request.query.token) ||
      canAccessOrder(order, { visitorKey, token: undefined, secret });
  }

  app.get(
    '/api/orders/:id/review',
    {
      schema: routeSchema({
        operationId: 'getDinerReviewInvitation',
        summary: "A diner's invitation to review the truck",
        params: idParams('id'),
        querystring: reviewTokenQuerySchema,
        response: { 200: reviewInvitationSchema },
      }),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const orderId = request.params.id;
      return dinerInvitation(app.ctx.db, orderId, await dinerAccess(request, orderId), app.ctx.now());
    },
  );

  app.post(
    '/api/orders/:id/review',
    {
      schema: routeSchema({
        operationId: 'createDinerReview',
        summary: 'Review the truck as a diner who collected an order',
        params: idParams('id'),
        querystring: reviewTokenQuerySchema,
        body: reviewInputSchema,
        response: { 201: reviewSchema },
      }),
    },
    async (request, reply) => {
      const orderId = request.params.id;
      const review = await writeDinerReview(
        app.ctx.db,
        orderId,
        await dinerAccess(request, orderId),
        request.body,
        app.ctx.now(),
      );
      return reply.code(201).send(review);
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: routeSchema({
        operationId: 'replyToReview',
        summary: 'Answer a review as its truck',
        login: true,
        params: idParams('id'),
        body: reviewReplySchema,
        response: { 200: reviewSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      return replyToReview(app.ctx.db, truck.id, request.params.id, request.body.reply, app.ctx.now());
    },
  );

  app.post(
    '/api/admin/reviews/:id/remove',
    {
      schema: adminRouteSchema({
        operationId: 'removeReview',
        summary: 'Remove an abusive review',
        login: true,
        params: idParams('id'),
        body: reviewRemovalSchema,
        response: { 200: messageSchema },
      }),
    },
    async (request) => {
      await requireRole(request, 'admin');
      await removeReview(app.ctx.db, request.params.id, request.body.reason, app.ctx.now());
      return { message: sayTo(request, 'reviewRemoved') };
    },
  );
};
