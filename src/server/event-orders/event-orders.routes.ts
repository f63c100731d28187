import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../contract/common';
import { eventIdParams } from '../../contract/events';
import { eventOrdersQuerySchema, eventOrdersSchema } from '../../contract/orders';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { OrderStatus } from '../../core/order-status';
import { requireUser } from '../auth/sessions';
import { requestLanguage } from '../i18n';
import { csvColumns, csvStream, sendCsv } from '../http/csv';
import { decodeIdCursor, encodeIdCursor } from '../http/page-cursor';
import { forbidden, notFound } from '../http/errors';
import { toEventOrderDto } from '../orders/event-order-dto';
import { listEventOrders, sumEventTotals } from '../orders/list-event-orders';
import { eventOrderCsvRows, ORDER_CSV_COLUMNS } from './event-orders-csv';
import { toEventDto } from '../events/event-dto';
import { findEvent } from '../events/event-queries';
import { routeSchemasTagged } from '../http/route-schema';

/**
 * Every order a diner got as far as paying for, whatever became of it: held, charged, failed, being
 * released, released, refunded. Checkouts never paid (pending, or cancelled before any authorization)
 * are left out: nobody's money was ever involved.
 */
const ORGANIZER_ORDER_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'charged',
  'failed',
  'cancelling',
  'cancelled',
  'refunded',
];

const routeSchema = routeSchemasTagged(['events']);

/** The organizer's view of one event: who ordered what, and what the event raised. */
export const eventOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  async function loadForOrganizer(request: Parameters<typeof requireUser>[0], eventId: number) {
    const user = await requireUser(request);
    const event = await findEvent(ctx.db, eventId);
    if (!event) throw notFound('Event not found');
    if (user.role !== 'admin' && user.id !== event.organizerId)
      throw forbidden("Only the event's organizer can see its orders");
    return event;
  }

  app.get(
    '/api/events/:id/orders',
    {
      schema: routeSchema({
        operationId: 'listEventOrders',
        summary: 'Who ordered what at an event, a page at a time',
        login: true,
        params: eventIdParams,
        querystring: eventOrdersQuerySchema,
        response: { 200: eventOrdersSchema },
      }),
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const before = cursor ? decodeIdCursor(cursor) : undefined;
      const event = await loadForOrganizer(request, request.params.id);
      const [orders, totals] = await Promise.all([
        listEventOrders(ctx.db, event.id, ORGANIZER_ORDER_STATUSES, {
          limit: limit + 1,
          before,
          newestFirst: true,
          paidFor: true,
        }),
        sumEventTotals(ctx.db, event.id, event.priceMarkupPercentage),
      ]);
      const shown = orders.slice(0, limit);
      reply.header('Cache-Control', 'no-store');
      return {
        event: toEventDto(event),
        totals: {
          foodSales: minorToDecimal(totals.foodSalesCents, asCurrency(event.currency)),
          markupRaised: minorToDecimal(totals.markupRaisedCents, asCurrency(event.currency)),
          orderCount: totals.orderCount,
        },
        orders: shown.map((order) => toEventOrderDto(order, requestLanguage(request))),
        nextCursor: orders.length > limit ? encodeIdCursor(shown.at(-1)!.id) : null,
      };
    },
  );

  app.get(
    '/api/events/:id/orders.csv',
    {
      schema: routeSchema({
        operationId: 'exportEventOrders',
        summary: "An event's orders as CSV",
        login: true,
        params: eventIdParams,
        response: { 200: fileResponse('text/csv', "The event's orders as CSV") },
      }),
    },
    async (request, reply) => {
      const event = await loadForOrganizer(request, request.params.id);
      const language = requestLanguage(request);
      const rows = eventOrderCsvRows(ctx.db, event.id, ORGANIZER_ORDER_STATUSES, language);
      return sendCsv(
        reply,
        `event-${event.id}-orders.csv`,
        csvStream(csvColumns(ORDER_CSV_COLUMNS, language), rows),
      );
    },
  );
};
