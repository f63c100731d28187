import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../contract/common';
import { eventIdParams } from '../../contract/events';
import { eventOrdersQuerySchema, eventOrdersSchema } from '../../contract/orders';
import { visiblePickupCode } from '../../core/fulfilment';
import { centsToDecimal, formatCents } from '../../core/money';
import { describeOrderMoney, type OrderStatus } from '../../core/order-status';
import { requireUser } from '../auth/sessions';
import { csvStream, sendCsv } from '../http/csv';
import { decodeIdCursor, encodeIdCursor } from '../http/page-cursor';
import { forbidden, notFound } from '../http/errors';
import { describeItems, refundedCentsOf, toEventOrderDto } from '../orders/event-order-dto';
import { listEventOrders, sumEventTotals, type EventOrder } from '../orders/list-event-orders';
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

/** Rows of the CSV read at a time: the export streams, whatever the number of orders. */
const CSV_BATCH = 500;

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
          foodSales: centsToDecimal(totals.foodSalesCents),
          markupRaised: centsToDecimal(totals.markupRaisedCents),
          orderCount: totals.orderCount,
        },
        orders: shown.map(toEventOrderDto),
        nextCursor: orders.length > limit ? encodeIdCursor(shown.at(-1)!.id) : null,
      };
    },
  );

  app.get(
    '/api/events/:id/orders.csv',
    {
      schema: routeSchema({
        params: eventIdParams,
        response: { 200: fileResponse('text/csv', "The event's orders as CSV") },
      }),
    },
    async (request, reply) => {
      const event = await loadForOrganizer(request, request.params.id);
      // Streamed a batch at a time, oldest first: memory stays flat however many orders there are.
      async function* rows() {
        let after = 0;
        for (;;) {
          const batch = await listEventOrders(ctx.db, event.id, ORGANIZER_ORDER_STATUSES, {
            limit: CSV_BATCH,
            after,
            paidFor: true,
          });
          for (const order of batch) yield orderToCsvRow(order);
          if (batch.length < CSV_BATCH) return;
          after = batch.at(-1)!.id;
        }
      }
      return sendCsv(reply, `event-${event.id}-orders.csv`, csvStream(ORDER_CSV_COLUMNS, rows()));
    },
  );
};

const ORDER_CSV_COLUMNS = [
  'Pickup code',
  'Name',
  'Items',
  'Status',
  'Payment',
  'Pickup',
  'Food',
  'Sales tax',
  'Tip',
  'Total',
  'Refunded',
  'Refund reasons',
  'Ordered at',
  // Last, so a spreadsheet made from the columns before it still reads them where they were.
  'Note',
];

function orderToCsvRow(o: EventOrder) {
  return [
    visiblePickupCode(o) ?? '',
    o.customerName,
    describeItems(o),
    o.status,
    describeOrderMoney(o, formatCents),
    o.fulfilment ?? '',
    centsToDecimal(o.subtotalAmount),
    centsToDecimal(o.taxAmount),
    centsToDecimal(o.tipAmount),
    centsToDecimal(o.totalAmount),
    centsToDecimal(refundedCentsOf(o)),
    o.corrections.map((c) => `${centsToDecimal(c.amount)}: ${c.reason}`).join('; '),
    o.createdAt.toISOString(),
    o.note ?? '',
  ];
}
