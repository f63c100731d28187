import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDays, availabilityOn, nextFreeDate } from '../../core/availability';
import { idParams } from '../../core/schemas/ids';
import { errorSchema, messageSchema } from '../../contract/common';
import {
  ownAvailabilitySchema,
  truckAvailabilityQuerySchema,
  truckAvailabilitySchema,
  truckDirectoryPageSchema,
  truckDirectoryQuerySchema,
  truckPageSchema,
  unavailableRangeInputSchema,
  unavailableRangeSchema,
  weeklyPatternSchema,
} from '../../contract/trucks';
import { requireRole } from '../auth/sessions';
import { availabilityReasonIn } from '../answer-words';
import { requestLanguage, sayTo } from '../i18n';
import { GeocoderUnavailableError } from '../adapters/geocoder/geocoder';
import { badRequest, HttpError, notFound } from '../http/errors';
import {
  addUnavailableRange,
  readOwnAvailability,
  readTruckCalendars,
  removeUnavailableRange,
  setUnavailableWeekdays,
  todayOf,
} from './truck-availability';
import { findDirectoryOrigin } from './find-directory-origin';
import { listTruckDirectory, readTruckPage } from './truck-directory';
import { findTruck } from './truck-queries';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['trucks']);

/** The widest window of dates one availability answer covers. */
const MAX_WINDOW_DAYS = 366;

/** The public truck directory, a truck's page and availability, and the truck's own calendar (decision 170). */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trucks',
    {
      schema: routeSchema({
        operationId: 'listTrucks',
        summary: 'The truck directory, a page at a time',
        querystring: truckDirectoryQuerySchema,
        response: { 200: truckDirectoryPageSchema, 503: errorSchema },
      }),
    },
    async (request) => {
      const { minFrom, minTo, near, within } = request.query;
      if (minFrom !== undefined && minTo !== undefined && minFrom > minTo) {
        throw badRequest('The lowest minimum cannot be above the highest', {
          minTo: 'Must be at least the lowest',
        });
      }
      if (within !== undefined && !near) {
        throw badRequest('Enter a place to measure the distance from', { near: 'Enter a place' });
      }
      let origin = null;
      if (near) {
        try {
          origin = await findDirectoryOrigin(app.ctx, near, within);
        } catch (error) {
          if (!(error instanceof GeocoderUnavailableError)) throw error;
          request.log.warn({ err: error }, 'geocoding the directory’s place failed');
          // The rest of the directory still answers: only the distance needs the geocoder.
          throw new HttpError(
            503,
            'Searching by distance is unavailable right now. Try again in a minute, or search by area.',
            { near: 'Distance search is unavailable right now' },
            60,
          );
        }
      }
      return listTruckDirectory(app.ctx.db, request.query, app.ctx.now(), origin);
    },
  );

  app.get(
    '/api/trucks/:id',
    {
      schema: routeSchema({
        operationId: 'getTruck',
        summary: "A truck's public page",
        params: idParams('id'),
        response: { 200: truckPageSchema },
      }),
    },
    async (request) => readTruckPage(app.ctx.db, request.params.id, app.ctx.now()),
  );

  app.get(
    '/api/trucks/:id/availability',
    {
      schema: routeSchema({
        operationId: 'getTruckAvailability',
        summary: 'Whether a truck is free on a date',
        params: idParams('id'),
        querystring: truckAvailabilityQuerySchema,
        response: { 200: truckAvailabilitySchema },
      }),
    },
    async (request) => {
      const truckId = request.params.id;
      const today = todayOf(app.ctx.now());
      const from = request.query.from ?? request.query.date ?? today;
      const to = request.query.to ?? addDays(from, 60);
      if (to < from) throw badRequest('The window ends before it starts', { to: 'Must not be before from' });
      if (to > addDays(from, MAX_WINDOW_DAYS)) {
        throw badRequest(`At most ${MAX_WINDOW_DAYS} days at a time`, { to: 'Too far from from' });
      }
      const date = request.query.date;
      const lo = date && date < from ? date : from;
      const hi = date && date > to ? date : to;
      const truck = await findTruck(app.ctx.db, truckId);
      if (!truck) throw notFound('Food truck not found');
      const calendar = (await readTruckCalendars(app.ctx.db, [truckId], lo, addDays(hi, 181))).get(truckId)!;
      const inWindow = (d: string) => from <= d && d <= to;
      const answer = date ? availabilityOn(date, calendar) : null;
      return {
        truckId,
        from,
        to,
        unavailableWeekdays: [...calendar.weekdays].sort(),
        // Anyone sees when, never why: a calendar carries no notes (decision 214).
        unavailableDates: calendar.ranges
          .filter((r) => r.endsOn >= from && r.startsOn <= to)
          .map((r) => ({ startsOn: r.startsOn, endsOn: r.endsOn })),
        bookedDates: calendar.bookedDates.filter(inWindow).sort(),
        date:
          date && answer
            ? {
                date,
                available: answer.available,
                reason: availabilityReasonIn(
                  requestLanguage(request),
                  truck.businessName ?? truck.username,
                  date,
                  answer,
                ),
              }
            : null,
        nextFreeDate: nextFreeDate(date ?? (from > today ? from : today), calendar),
      };
    },
  );

  app.get(
    '/api/trucks/me/availability',
    {
      schema: routeSchema({
        operationId: 'getOwnAvailability',
        summary: "The signed-in truck's calendar",
        login: true,
        response: { 200: ownAvailabilitySchema },
      }),
    },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      reply.header('Cache-Control', 'no-store');
      return readOwnAvailability(app.ctx.db, truck.id, todayOf(app.ctx.now()));
    },
  );

  app.put(
    '/api/trucks/me/availability/week',
    {
      schema: routeSchema({
        operationId: 'setUnavailableWeekdays',
        summary: 'Set the weekdays the truck never works',
        login: true,
        body: weeklyPatternSchema,
        response: { 200: weeklyPatternSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const days = await setUnavailableWeekdays(
        app.ctx.db,
        truck.id,
        request.body.unavailableWeekdays,
        app.ctx.now(),
      );
      return { unavailableWeekdays: days };
    },
  );

  app.post(
    '/api/trucks/me/availability/ranges',
    {
      schema: routeSchema({
        operationId: 'addUnavailableRange',
        summary: 'Block a range of dates',
        login: true,
        body: unavailableRangeInputSchema,
        response: { 201: unavailableRangeSchema },
      }),
    },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      const range = await addUnavailableRange(app.ctx.db, truck.id, request.body, todayOf(app.ctx.now()));
      return reply.code(201).send(range);
    },
  );

  app.delete(
    '/api/trucks/me/availability/ranges/:id',
    {
      schema: routeSchema({
        operationId: 'deleteUnavailableRange',
        summary: 'Free a blocked range of dates',
        login: true,
        params: idParams('id'),
        response: { 200: messageSchema },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      await removeUnavailableRange(app.ctx.db, truck.id, request.params.id);
      return { message: sayTo(request, 'removed') };
    },
  );
};
