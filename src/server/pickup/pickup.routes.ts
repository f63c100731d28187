import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../contract/common';
import { eventIdParams } from '../../contract/events';
import { pickupBoardSchema, pickupSlotsInputSchema, pickupSlotsSchema } from '../../contract/pickup';
import { createTextSender } from '../adapters/texts/text-sender';
import { findVisibleEvent } from '../access/event-access';
import { requireUser } from '../auth/sessions';
import { DomainError } from '../domain-error';
import { badRequest } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { routeSchemasTagged } from '../http/route-schema';
import { loadPickupSlots, setPickupSlots, toPickupSlotsDto } from './pickup-slots';
import { readPickupBoard } from './read-board';
import { readSlotPrep, slotPrepSchema } from './read-slot-prep';
import { sendTexts } from './send-texts';
import { receiveTextReply } from './text-replies';
import { isTwilioSignatureValid } from './twilio-signature';

const routeSchema = routeSchemasTagged(['pickup']);

/**
 * The pickup window (issue 40, decisions 226 and 227): an event's pickup slots, the board at the
 * truck's window, and the diners' "ready" texts (sent by the reconciler, STOP received here).
 */
export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const texts = createTextSender(ctx.config.texts);
  ctx.reconciler.addTask({ name: 'send-texts', run: () => sendTexts({ ...ctx, texts, log: app.log }) });

  app.get(
    '/api/events/:id/pickup-slots',
    {
      schema: routeSchema({
        operationId: 'listPickupSlots',
        summary: "An event's pickup slots and the places left in each",
        params: eventIdParams,
        response: { 200: pickupSlotsSchema },
      }),
    },
    async (request) => {
      const event = await findVisibleEvent(request, request.params.id);
      return toPickupSlotsDto(event, await loadPickupSlots(ctx.db, event.id));
    },
  );

  app.put(
    '/api/events/:id/pickup-slots',
    {
      schema: routeSchema({
        operationId: 'setPickupSlots',
        summary: "Set an event's pickup slots: their length, how many orders each takes, which are closed",
        login: true,
        params: eventIdParams,
        body: pickupSlotsInputSchema,
        response: { 200: pickupSlotsSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const event = await findVisibleEvent(request, request.params.id);
      const slots = await setPickupSlots(ctx.db, user, event, request.body, ctx.now());
      return toPickupSlotsDto(event, slots);
    },
  );

  app.get(
    '/api/events/:id/pickup-prep',
    {
      schema: routeSchema({
        operationId: 'getPickupSlotPrep',
        summary:
          'What to have ready for each pickup slot: its orders and dishes (the truck and the organizer)',
        login: true,
        params: eventIdParams,
        response: { 200: slotPrepSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const event = await findVisibleEvent(request, request.params.id);
      if (user.id !== event.foodTruckId && user.id !== event.organizerId)
        throw new DomainError(
          'not_your_event',
          'Only the event’s food truck or organizer can see its prep list',
        );
      return readSlotPrep(ctx.db, event.id);
    },
  );

  app.get(
    '/api/events/:id/board',
    {
      schema: routeSchema({
        operationId: 'getPickupBoard',
        summary: 'The codes being prepared and ready, for the screen at the truck’s window',
        params: eventIdParams,
        response: { 200: pickupBoardSchema },
      }),
    },
    async (request, reply) => {
      const event = await findVisibleEvent(request, request.params.id);
      if (event.hidden) throw new DomainError('event_not_found', 'Event not found');
      void reply.header('Cache-Control', 'no-store');
      return readPickupBoard(ctx.db, event);
    },
  );

  // Twilio posts a diner's answer form-encoded; its signature covers the URL and every parameter.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/texts/inbound',
      {
        schema: routeSchema({
          operationId: 'receiveTextReply',
          summary: "Twilio's delivery of a diner's answer to a text (STOP ends texts; X-Twilio-Signature)",
          response: { 200: fileResponse('text/xml', 'An empty TwiML answer: nothing is sent back') },
        }),
      },
      async (request, reply) => {
        const twilio = ctx.config.texts.twilio;
        if (typeof request.body !== 'string') throw badRequest('Expected a form-encoded body');
        const params = new URLSearchParams(request.body);
        const signature = request.headers['x-twilio-signature'];
        const url = `${publicBaseUrl(ctx.config)}${request.url}`;
        if (
          !twilio ||
          !isTwilioSignatureValid(
            twilio.authToken,
            url,
            params,
            typeof signature === 'string' ? signature : undefined,
          )
        )
          throw new DomainError('text_signature_invalid', 'The request is not signed by the text provider');
        await receiveTextReply(ctx.db, params.get('From') ?? '', params.get('Body') ?? '', ctx.now());
        return reply
          .type('text/xml; charset=utf-8')
          .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      },
    );
  });
};
