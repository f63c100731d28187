import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventIdParams } from '../../contract/events';
import {
  createPromoCodeSchema,
  eventSponsorsSchema,
  organizerSponsorsSchema,
  sponsorSchema,
  promoCodeListSchema,
  promoCodeParams,
  promoCodeSchema,
  sponsorMinimumSchema,
  sponsorParams,
  updatePromoCodeSchema,
  updateSponsorSchema,
} from '../../contract/funding';
import { findVisibleEvent } from '../access/event-access';
import { requireRole } from '../auth/sessions';
import { routeSchemasTagged } from '../http/route-schema';
import { throttleImageUpload } from '../images/throttle-image-upload';
import { createPromoCode, listPromoCodes, setPromoCodeActive } from './promo-codes';
import {
  addOutsideSponsor,
  listOrganizerSponsors,
  readEventSponsors,
  setSponsorHidden,
  setSponsorMinimum,
} from './sponsors';

const routeSchema = routeSchemasTagged(['funding']);
/** A sponsor's logo comes as a data URL of up to 5 MB. */
const WITH_PICTURE = 7 * 1024 * 1024 + 64 * 1024;

/**
 * Promo codes and sponsors (docs/decisions/222-promo-codes.md, 223-gifts-and-sponsors.md): the
 * organizer of the event manages them; anyone who may see the event sees its shown sponsors.
 */
export const fundingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/events/:id/promo-codes',
    {
      schema: routeSchema({
        operationId: 'createPromoCode',
        summary: 'Make a promo code for an event (its organizer)',
        login: true,
        params: eventIdParams,
        body: createPromoCodeSchema,
        response: { 201: promoCodeSchema },
      }),
    },
    async (request, reply) => {
      const organizer = await requireRole(request, 'organizer');
      const code = await createPromoCode(ctx.db, organizer.id, request.params.id, request.body, ctx.now());
      return reply.code(201).send(code);
    },
  );

  app.get(
    '/api/events/:id/promo-codes',
    {
      schema: routeSchema({
        operationId: 'listPromoCodes',
        summary: "An event's promo codes with their uses (its organizer)",
        login: true,
        params: eventIdParams,
        response: { 200: promoCodeListSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      return { codes: await listPromoCodes(ctx.db, organizer.id, request.params.id) };
    },
  );

  app.patch(
    '/api/events/:id/promo-codes/:codeId',
    {
      schema: routeSchema({
        operationId: 'updatePromoCode',
        summary: 'Switch a promo code off or on again (its organizer)',
        login: true,
        params: promoCodeParams,
        body: updatePromoCodeSchema,
        response: { 200: promoCodeSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      const { id, codeId } = request.params;
      return setPromoCodeActive(ctx.db, organizer.id, id, codeId, request.body.active);
    },
  );

  app.get(
    '/api/events/:id/sponsors',
    {
      schema: routeSchema({
        operationId: 'getEventSponsors',
        summary: "An event's sponsors as its page shows them, and its gifts",
        params: eventIdParams,
        response: { 200: eventSponsorsSchema },
      }),
    },
    async (request) => {
      const event = await findVisibleEvent(request, request.params.id);
      return readEventSponsors(ctx.db, event);
    },
  );

  app.get(
    '/api/events/:id/sponsors/manage',
    {
      schema: routeSchema({
        operationId: 'listOrganizerSponsors',
        summary: 'Every sponsor of an event, hidden and not yet charged too (its organizer)',
        login: true,
        params: eventIdParams,
        response: { 200: organizerSponsorsSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      return listOrganizerSponsors(ctx.db, organizer.id, request.params.id);
    },
  );

  app.post(
    '/api/events/:id/sponsors',
    {
      schema: routeSchema({
        operationId: 'addOutsideSponsor',
        summary: 'Name a sponsor who paid outside the app (its organizer; no money moves)',
        login: true,
        params: eventIdParams,
        body: sponsorSchema,
        response: { 201: organizerSponsorsSchema },
      }),
      bodyLimit: WITH_PICTURE,
    },
    async (request, reply) => {
      const organizer = await requireRole(request, 'organizer');
      await throttleImageUpload(ctx, request, organizer.id, request.body.logo);
      const sponsors = await addOutsideSponsor(
        ctx.db,
        organizer.id,
        request.params.id,
        request.body,
        ctx.now(),
      );
      return reply.code(201).send(sponsors);
    },
  );

  app.patch(
    '/api/events/:id/sponsors/:sponsorId',
    {
      schema: routeSchema({
        operationId: 'updateSponsor',
        summary: 'Hide a sponsor or show it again (its organizer)',
        login: true,
        params: sponsorParams,
        body: updateSponsorSchema,
        response: { 200: organizerSponsorsSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      const { id, sponsorId } = request.params;
      return setSponsorHidden(ctx.db, organizer.id, id, sponsorId, request.body.hidden);
    },
  );

  app.put(
    '/api/events/:id/sponsor-minimum',
    {
      schema: routeSchema({
        operationId: 'setSponsorMinimum',
        summary: 'Set the least gift that may name a sponsor (its organizer)',
        login: true,
        params: eventIdParams,
        body: sponsorMinimumSchema,
        response: { 200: organizerSponsorsSchema },
      }),
    },
    async (request) => {
      const organizer = await requireRole(request, 'organizer');
      return setSponsorMinimum(ctx.db, organizer.id, request.params.id, request.body.sponsorMinCents);
    },
  );
};
