import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../../contract/common';
import { eventIdParams } from '../../contract/events';
import { eventOrdersSchema } from '../../contract/orders';
import { computeEventTotals } from '../../core/event-totals';
import { visiblePickupCode } from '../../core/fulfilment';
import { centsToDecimal, formatCents } from '../../core/money';
import { describeOrderMoney, type OrderStatus } from '../../core/order-status';
import { requireUser } from '../auth/sessions';
import { events } from '../db/schema';
import { sendCsv, toCsv } from '../http/csv';
import { forbidden, notFound } from '../http/errors';
import { describeItems, refundedCentsOf, toEventOrderDto } from '../orders/event-order-dto';
import { listEventOrders, type EventOrder } from '../orders/list-event-orders';
import { toEventDto } from './event-dto';

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
const wasPaidFor = (o: EventOrder) => o.status !== 'cancelled' || o.authorizedAt !== null;

/** The organizer's view of one event: who ordered what, and what the event raised. */
export const eventOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  async function loadForOrganizer(request: Parameters<typeof requireUser>[0], eventId: number) {
    const user = await requireUser(request);
    const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
    if (!event) throw notFound('Event not found');
    if (user.role !== 'admin' && user.id !== event.organizerId)
      throw forbidden("Only the event's organizer can see its orders");
    const orders = (await listEventOrders(ctx.db, event.id, ORGANIZER_ORDER_STATUSES)).filter(wasPaidFor);
    return { event, orders };
  }

  app.get(
    '/api/events/:id/orders',
    {
      schema: {
        tags: ['events'],
        params: eventIdParams,
        response: { 200: eventOrdersSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { event, orders } = await loadForOrganizer(request, request.params.id);
      const totals = computeEventTotals(
        orders.map((o) => ({ status: o.status, refundDue: o.refundDueAt !== null, lines: o.lines })),
        event.priceMarkupPercentage,
      );
      reply.header('Cache-Control', 'no-store');
      return {
        event: toEventDto(event),
        totals: {
          foodSales: centsToDecimal(totals.foodSalesCents),
          markupRaised: centsToDecimal(totals.markupRaisedCents),
          orderCount: totals.orderCount,
        },
        orders: orders.map(toEventOrderDto).reverse(),
      };
    },
  );

  app.get(
    '/api/events/:id/orders.csv',
    {
      schema: {
        tags: ['events'],
        params: eventIdParams,
        response: { 200: fileResponse('text/csv', "The event's orders as CSV"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { event, orders } = await loadForOrganizer(request, request.params.id);
      return sendCsv(reply, `event-${event.id}-orders.csv`, ordersToCsv(orders));
    },
  );
};

function ordersToCsv(orders: EventOrder[]): string {
  return toCsv(
    [
      'Pickup code',
      'Name',
      'Items',
      'Status',
      'Payment',
      'Pickup',
      'Food',
      'Total',
      'Refunded',
      'Refund reasons',
      'Ordered at',
    ],
    orders.map((o) => [
      visiblePickupCode(o) ?? '',
      o.customerName,
      describeItems(o),
      o.status,
      describeOrderMoney(o, formatCents),
      o.fulfilment ?? '',
      centsToDecimal(o.subtotalAmount),
      centsToDecimal(o.totalAmount),
      centsToDecimal(refundedCentsOf(o)),
      o.corrections.map((c) => `${centsToDecimal(c.amount)}: ${c.reason}`).join('; '),
      o.createdAt.toISOString(),
    ]),
  );
}
