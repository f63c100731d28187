import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../contract/common';
import { geocodePlaceSchema, geocodeQuerySchema } from '../../contract/geo';
import { GeocoderUnavailableError } from '../adapters/geocoder/geocoder';
import { badRequest, HttpError } from '../http/errors';
import { routeRateLimit } from '../http/rate-limit';
import { geocodeLocation } from './geocode-location';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['geo']);

const MAX_LOCATION_LENGTH = 300;

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The map's geocoding, proxied so the browser never calls the geocoder itself.
  app.get(
    '/api/geocode',
    {
      schema: routeSchema({
        operationId: 'geocode',
        summary: 'Places matching an address',
        querystring: geocodeQuerySchema,
        response: { 200: geocodePlaceSchema.array(), 502: errorSchema, 503: errorSchema },
      }),
      config: { rateLimit: routeRateLimit(app.ctx.config.rateLimits, 'geocoding') },
    },
    async (request, reply) => {
      const raw = request.query.location;
      const location = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (!location) throw badRequest('Location is required', { location: 'Location is required' });
      if (location.length > MAX_LOCATION_LENGTH) {
        throw badRequest(`Location must be at most ${MAX_LOCATION_LENGTH} characters`, {
          location: 'Location is too long',
        });
      }
      try {
        const places = await geocodeLocation(app.ctx, location);
        reply.header('Cache-Control', 'public, max-age=3600');
        return places;
      } catch (error) {
        if (error instanceof GeocoderUnavailableError) {
          request.log.warn({ err: error }, 'geocoding failed');
          throw new HttpError(error.busy ? 503 : 502, 'Failed to fetch coordinates');
        }
        throw error;
      }
    },
  );
};
