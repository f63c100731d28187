import { HANDOVER_OPENS_BEFORE_START_MS } from '../../core/fulfilment';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingEventParams,
  bookingsPageSchema,
  bookingsQuerySchema,
  correctionBody,
  correctionResultSchema,
  EVENT_DAY_MAX_ORDERS,
  eventDayOrdersQuery,
  eventDayOrdersSchema,
  fulfilmentSchema,
  pickupQrQuery,
} from '../../contract/bookings';
import { fileResponse } from '../../contract/common';
import { orderSchema } from '../../contract/orders';
import { idParams } from '../../core/schemas/ids';
import { isPickupCode, normalizePickupCode, PICKUP_ORDER_STATUSES } from '../../core/fulfilment';
import { requireRole } from '../auth/sessions';
import { toEventDto } from '../events/event-dto';
import { findEvent } from '../events/event-queries';
import { requestLanguage } from '../i18n';
import { csvColumns, csvStream, sendCsv } from '../http/csv';
import { badRequest, forbidden, notFound } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { toEventOrderDto } from '../orders/event-order-dto';
import { listEventOrders } from '../orders/list-event-orders';
import { correctOrder } from '../orders/correct-order';
import { loadCorrections, toCorrectionDto } from '../orders/corrections-dto';
import { toOrderDto } from '../orders/order-dto';
import { BOOKINGS_CSV_COLUMNS, bookingCsvRows } from './bookings-csv';
import { toBookingDto } from './booking-dto';
import { sumEventDayOrders } from './event-day-totals';
import { allBookings, countEventDayOrders, listBookings } from './list-bookings';
import { markOrderFulfilment, undoCollected } from './mark-order-fulfilment';
import { loadPickupSlotsOf } from '../pickup/order-pickups';
import { loadPickupSlots } from '../pickup/pickup-slots';
import { pickupScanUrl, renderPickupQrPng } from './pickup-qr';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['bookings']);

/** The truck's working day: what it accepted, what to cook, and handing orders over by pickup code. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/bookings',
    {
      schema: routeSchema({
        operationId: 'listBookings',
        summary: "The truck's accepted events with their prep lists",
        login: true,
        querystring: bookingsQuerySchema,
        response: { 200: bookingsPageSchema },
      }),
    },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      reply.header('Cache-Control', 'no-store');
      const page = await listBookings(ctx.db, truck.id, ctx.now(), request.query);
      return { bookings: page.bookings.map(toBookingDto), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/bookings/export.csv',
    {
      schema: routeSchema({
        operationId: 'exportBookings',
        summary: "The truck's bookings as CSV",
        login: true,
        response: { 200: fileResponse('text/csv', 'Every booking as CSV') },
      }),
    },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      // Streamed a page of bookings at a time, however many the truck has.
      const language = requestLanguage(request);
      const rows = bookingCsvRows(allBookings(ctx.db, truck.id, ctx.now()), language);
      return sendCsv(reply, 'bookings.csv', csvStream(csvColumns(BOOKINGS_CSV_COLUMNS, language), rows));
    },
  );

  /** The event-day screen: the event's authorized and charged orders, by pickup code and name. */
  app.get(
    '/api/bookings/:eventId/orders',
    {
      schema: routeSchema({
        operationId: 'listEventDayOrders',
        summary: "An event day's orders by pickup code",
        login: true,
        params: bookingEventParams,
        querystring: eventDayOrdersQuery,
        response: { 200: eventDayOrdersSchema },
      }),
    },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      const event = await findEvent(ctx.db, request.params.eventId);
      if (!event || event.approvalDate === null) throw notFound('Booking not found');
      if (event.foodTruckId !== truck.id) throw forbidden('This event is booked with another truck');
      reply.header('Cache-Control', 'no-store');
      const q = request.query.q ?? '';
      const search = q ? { code: normalizePickupCode(q), text: q } : undefined;
      // At most EVENT_DAY_MAX_ORDERS by pickup code: a stadium's 100,000 orders are found by search.
      const orders = await listEventOrders(ctx.db, event.id, PICKUP_ORDER_STATUSES, {
        limit: EVENT_DAY_MAX_ORDERS + 1,
        byPickupCode: true,
        search,
      });
      const counts = await countEventDayOrders(ctx.db, event.id);
      const slots = await loadPickupSlotsOf(
        ctx.db,
        orders.slice(0, EVENT_DAY_MAX_ORDERS).map((o) => o.id),
      );
      const [firstSlot] = await loadPickupSlots(ctx.db, event.id);
      const totals = await sumEventDayOrders(ctx.db, event.id);
      const handoverOpensAt = new Date(event.startsAt.getTime() - HANDOVER_OPENS_BEFORE_START_MS);
      const now = ctx.now();
      const currency = asCurrency(event.currency);
      return {
        event: toEventDto(event),
        handoverOpensAt: handoverOpensAt.toISOString(),
        handoverOpen: now >= handoverOpensAt && event.status !== 'cancelled' && !event.cutShortAt,
        pickupSlotMinutes: firstSlot?.minutes ?? null,
        orders: orders
          .slice(0, EVENT_DAY_MAX_ORDERS)
          .map((o) => ({
            ...toEventOrderDto(o, requestLanguage(request)),
            pickupSlot: slots.get(o.id)?.toISOString() ?? null,
          }))
          .sort((a, b) => (a.pickupCode ?? '').localeCompare(b.pickupCode ?? '')),
        orderCount: counts.orders,
        collectedCount: counts.collected,
        truncated: orders.length > EVENT_DAY_MAX_ORDERS,
        totals: {
          food: minorToDecimal(totals.food, currency),
          salesTax: minorToDecimal(totals.salesTax, currency),
          tip: minorToDecimal(totals.tip, currency),
          total: minorToDecimal(totals.total, currency),
          refunded: minorToDecimal(totals.refunded, currency),
        },
      };
    },
  );

  app.post(
    '/api/orders/:id/fulfilment',
    {
      schema: routeSchema({
        operationId: 'markOrderFulfilment',
        summary: 'Mark an order ready or collected',
        login: true,
        params: idParams('id'),
        body: fulfilmentSchema,
        response: { 200: orderSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const order = await markOrderFulfilment(
        ctx.db,
        truck.id,
        request.params.id,
        request.body.state,
        ctx.now(),
      );
      ctx.reconciler.nudge();
      return toOrderDto(order, [], [], requestLanguage(request));
    },
  );

  /**
   * A correction: the truck refunds a charged order, whole or in part, with a reason, until 7 days
   * after the event's end (docs/decisions/135-order-corrections.md).
   */
  app.post(
    '/api/orders/:id/refunds',
    {
      schema: routeSchema({
        operationId: 'refundOrder',
        summary: 'Refund all or part of a charged order',
        login: true,
        params: idParams('id'),
        body: correctionBody,
        response: { 200: correctionResultSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const { order, refund } = await correctOrder(ctx, truck.id, request.params.id, request.body);
      const corrections = await loadCorrections(ctx.db, [order.id]);
      return {
        order: toOrderDto(order, [], corrections.get(order.id) ?? [], requestLanguage(request)),
        correction: toCorrectionDto(refund),
      };
    },
  );

  /** "Undo" of a Collected tapped by mistake, until the event's end. */
  app.delete(
    '/api/orders/:id/fulfilment/collected',
    {
      schema: routeSchema({
        operationId: 'undoOrderCollected',
        summary: 'Undo Collected',
        login: true,
        params: idParams('id'),
        response: { 200: orderSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const order = await undoCollected(ctx.db, truck.id, request.params.id, ctx.now());
      return toOrderDto(order, [], [], requestLanguage(request));
    },
  );

  /** The QR picture in a receipt. It encodes only the code and a link, so anyone may load it. */
  app.get(
    '/api/events/:id/pickup-qr',
    {
      schema: routeSchema({
        operationId: 'getPickupQrCode',
        summary: "An order's pickup code as a QR picture",
        params: idParams('id'),
        querystring: pickupQrQuery,
        response: { 200: fileResponse('image/png', 'A QR code of the pickup link') },
      }),
    },
    async (request, reply) => {
      const code = normalizePickupCode(request.query.code);
      if (!isPickupCode(code)) throw badRequest('Not a pickup code');
      const png = await renderPickupQrPng(pickupScanUrl(publicBaseUrl(ctx.config), request.params.id, code));
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(png);
    },
  );
};
