import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage, sayTo } from '../i18n';
import { z } from 'zod';
import { eventIdParams } from '../../contract/events';
import { eventStockSchema } from '../../contract/menu';
import {
  cancelPaymentResponse,
  cancelPaymentSchema,
  createdOrderSchema,
  createPaymentIntentSchema,
  inviteResponse,
  inviteSchema,
  orderParams,
  orderReceiptQuerySchema,
  orderReceiptSchema,
  orderSchema,
  orderTokenBody,
  pendingOrdersQuerySchema,
} from '../../contract/orders';
import { ensureSession, loadSession, loadUser } from '../auth/sessions';
import { findVisibleEvent } from '../access/event-access';
import { badRequest, notFound } from '../http/errors';
import { routeRateLimit } from '../http/rate-limit';
import { asCurrency, minorToDecimal } from '../../core/currency';
import { cancelOrder } from './cancel-order';
import { createOrder } from './create-order';
import { loadEventWithCart } from './order-queries';
import { getOrderReceipt } from './get-order-receipt';
import { readEventStock } from './item-stock';
import { findOrder, listedOrdersOfDiner, loadOrderLines, orderQueries } from './order-queries';
import { canAccessOrder } from '../access/order-access';
import { loadCorrections } from './corrections-dto';
import { toOrderDto } from './order-dto';
import { retryOrderPayment } from './retry-order-payment';
import { sendInvites } from './send-invites';
import { syncOrder } from './sync-order';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['orders']);

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/events/:id/create-payment-intent',
    {
      schema: routeSchema({
        operationId: 'createOrder',
        summary: 'Place an order and start its payment',
        params: eventIdParams,
        body: createPaymentIntentSchema,
        headers: z.object({
          'idempotency-key': z
            .string()
            .optional()
            .describe(
              'Required: one per checkout attempt, sent again unchanged on every retry (8 to 200 characters).',
            ),
        }),
        response: { 200: createdOrderSchema },
      }),
      config: { rateLimit: routeRateLimit(ctx.config.rateLimits, 'orders') },
      // A gift's sponsor may bring a logo (decision 223): a data URL of up to 5 MB.
      bodyLimit: 7 * 1024 * 1024 + 64 * 1024,
    },
    async (request, reply) => {
      // A hidden event takes no orders, whoever asks (docs/decisions/033-hidden-events.md).
      const target = await loadEventWithCart(ctx, request.params.id, request.body);
      if (!target || target.event.hidden) throw notFound('Event not found');
      const session = await ensureSession(request, reply);
      // One checkout, one order: a double click or a retried request must carry the same key.
      const key = request.headers['idempotency-key'];
      if (key === undefined) {
        throw badRequest('An Idempotency-Key header is required: one per checkout, the same on every retry');
      }
      if (typeof key !== 'string' || key.length < 8 || key.length > 200) {
        throw badRequest('Idempotency-Key must be 8 to 200 characters');
      }
      const created = await createOrder(ctx, target, request.body, {
        visitorKey: session.data.visitorKey,
        idempotencyKey: key as string | undefined,
        language: requestLanguage(request),
      });
      return { ...created, amount: created.amount };
    },
  );

  app.get(
    '/api/events/:id/stock',
    {
      schema: routeSchema({
        operationId: 'getEventStock',
        summary: "What is left of the event's stock-limited menu items",
        params: eventIdParams,
        response: { 200: eventStockSchema },
      }),
    },
    async (request) => {
      // Changes with every order: answered fresh each time (the API's default Cache-Control).
      const event = await findVisibleEvent(request, request.params.id);
      return readEventStock(ctx.db, event);
    },
  );

  app.post(
    '/api/events/:id/orders/:orderId/sync',
    {
      schema: routeSchema({
        operationId: 'syncOrder',
        summary: 'Bring an order up to date with its payment',
        params: orderParams,
        body: orderTokenBody,
        response: { 200: orderSchema },
      }),
    },
    async (request) => {
      const visitorKey = await visitorKeyOf(request);
      const [order] = await orderQueries(ctx.db).orderOfEvent.execute({
        orderId: request.params.orderId,
        eventId: request.params.id,
      });
      const access = { visitorKey, token: request.body?.token, secret: ctx.config.sessionSecret };
      if (!order || !canAccessOrder(order, access)) throw notFound('Order not found');
      // Most often the order already says what the provider says (the card form's answer applied it).
      const language = requestLanguage(request);
      if (!(await syncOrder(ctx, { order }))) return toOrderDto(order, [], [], language);
      const fresh = await findOrder(ctx.db, order.id);
      return toOrderDto(fresh!, [], [], language);
    },
  );

  app.post(
    '/api/events/:id/orders/:orderId/retry-payment',
    {
      schema: routeSchema({
        operationId: 'retryOrderPayment',
        summary: 'Pay again for a refused order',
        params: orderParams,
        body: orderTokenBody,
        response: { 200: createdOrderSchema },
      }),
    },
    async (request) =>
      retryOrderPayment(ctx, request.params.id, request.params.orderId, {
        visitorKey: await visitorKeyOf(request),
        token: request.body?.token,
      }),
  );

  // The diner's confirmation page: the browser that ordered, or a receipt link's token (decision 147).
  app.get(
    '/api/events/:id/orders/:orderId',
    {
      schema: routeSchema({
        operationId: 'getOrderReceipt',
        summary: "An order's confirmation page",
        params: orderParams,
        querystring: orderReceiptQuerySchema,
        response: { 200: orderReceiptSchema },
      }),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { id, orderId } = request.params;
      const token = request.query.token;
      // A hidden event's diners still see their orders (decision 128).
      const event = await findVisibleEvent(request, id, { order: orderId, token });
      return getOrderReceipt(
        ctx,
        event,
        orderId,
        { visitorKey: await visitorKeyOf(request), token },
        requestLanguage(request),
      );
    },
  );

  app.get(
    '/api/events/:id/pending-orders',
    {
      schema: routeSchema({
        operationId: 'listMyOrders',
        summary: "This browser's orders for an event",
        params: eventIdParams,
        querystring: pendingOrdersQuerySchema,
        response: { 200: orderSchema.array() },
      }),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // A hidden event's diners still see their orders (decision 128).
      await findVisibleEvent(request, request.params.id, request.query);
      // A read starts no session (a guest's first order does): without one, only a receipt link shows an order.
      const visitorKey = (await loadSession(request))?.data.visitorKey;
      const { order, token } = request.query;
      if (visitorKey === undefined && order === undefined) return [];
      const rows = await listedOrdersOfDiner(ctx.db, request.params.id, { visitorKey, order });
      const mine = rows.filter((row) => {
        // Every order this browser placed, whatever address it was given: `email` is accepted for the
        // public contract but narrows nothing, so a diner who types another address still sees theirs.
        const viaSession = visitorKey !== undefined && row.ownerSessionKey === visitorKey;
        const viaLink =
          order === row.id &&
          canAccessOrder(row, { visitorKey: undefined, token, secret: ctx.config.sessionSecret });
        return viaSession || viaLink;
      });
      if (mine.length === 0) return [];
      const lines = await loadOrderLines(
        ctx.db,
        mine.map((o) => o.id),
      );
      const corrections = await loadCorrections(
        ctx.db,
        mine.map((o) => o.id),
      );
      return mine
        .sort((a, b) => b.id - a.id)
        .map((o) =>
          toOrderDto(
            o,
            lines
              .filter((l) => l.orderId === o.id)
              .map((l) => ({
                menuItemId: l.menuItemId,
                name: l.name,
                quantity: l.quantity,
                unitPrice: minorToDecimal(l.unitCents, asCurrency(o.currency)),
              })),
            corrections.get(o.id) ?? [],
            requestLanguage(request),
          ),
        );
    },
  );

  app.post(
    '/api/events/:id/cancel-payment',
    {
      schema: routeSchema({
        operationId: 'cancelOrder',
        summary: 'Cancel one of my orders',
        params: eventIdParams,
        body: cancelPaymentSchema,
        response: { 200: cancelPaymentResponse, 202: cancelPaymentResponse },
      }),
    },
    async (request, reply) => {
      const { order, released, refunding } = await cancelOrder(
        ctx,
        request.params.id,
        { paymentIntentId: request.body.paymentIntentId, orderId: request.body.orderId },
        { visitorKey: await visitorKeyOf(request), token: request.body.token },
      );
      if (refunding) {
        reply.code(202);
        return {
          message: sayTo(request, 'orderRefunding'),
          order: toOrderDto(order, [], [], requestLanguage(request)),
        };
      }
      if (!released) {
        // The provider could not be reached: the order no longer counts, and its release is retried.
        reply.code(202);
        return {
          message: sayTo(request, 'orderReleasing'),
          order: toOrderDto(order, [], [], requestLanguage(request)),
        };
      }
      return {
        message: sayTo(request, 'paymentCancelled'),
        order: toOrderDto(order, [], [], requestLanguage(request)),
      };
    },
  );

  app.post(
    '/api/events/:id/invite',
    {
      schema: routeSchema({
        operationId: 'sendInvites',
        summary: 'Invite friends to an event by e-mail',
        params: eventIdParams,
        body: inviteSchema,
        response: { 200: inviteResponse },
      }),
      // Per signed-in sender wherever they are; per address for a guest.
      config: {
        rateLimit: routeRateLimit(ctx.config.rateLimits, 'invitations', async (request) => {
          const userId = (await loadSession(request))?.data.userId;
          return userId ? `user:${userId}` : `ip:${request.ip}`;
        }),
      },
    },
    async (request) => {
      const sent = await sendInvites(ctx, request.params.id, request.body, {
        user: await loadUser(request),
        ip: request.ip,
      });
      ctx.reconciler.nudge();
      return { message: sayTo(request, 'invitationsSent'), sent };
    },
  );
};

async function visitorKeyOf(request: Parameters<typeof loadSession>[0]): Promise<string | undefined> {
  return (await loadSession(request))?.data.visitorKey;
}
