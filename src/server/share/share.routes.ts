import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../contract/common';
import { maySeeHiddenEvent, type Receipt } from '../access/event-access';
import { findEventWithTruck } from '../events/event-queries';
import { readClientManifest, withPagePreloads } from '../http/client-manifest';
import { compressedHtml } from '../http/compress-html';
import { SIGNED_OUT, withoutUserPreload, type PageRenderer } from '../http/server-render';
import { hasSessionCookie } from '../auth/sessions';
import { requestLanguage } from '../i18n';
import { publicBaseUrl } from '../http/public-url';
import { findStoredImage } from '../images/image-store';
import { describeSharePreview, renderSharePreview, sponsorLine } from './share-preview';
import { shownSponsorNames } from '../funding/sponsors';
import { idParams } from '../../core/schemas/ids';
import { UNAVAILABLE_EVENT_STATUSES, wasAcceptedByTruck, type EventStatus } from '../../core/event-status';
import { EVENT_HERO_SIZES } from '../../core/images';
import { imageSrcSet, imageUrl } from '../../contract/images';
import { operation, routeSchemasTagged } from '../http/route-schema';

const shareRouteSchema = routeSchemasTagged(['share']);

/**
 * A request still waiting for (or refused by) its truck is nobody's to share; nor is an event an admin
 * took down.
 */
const isShareable = (row: { event: { hidden: boolean; status: EventStatus } }) =>
  !row.event.hidden && wasAcceptedByTruck(row.event.status);

/** The receipt link's order and signature, when the address carries them (`?order=…&token=…`). */
function receiptOf(query: unknown): Receipt {
  const { order, token } = (query ?? {}) as { order?: unknown; token?: unknown };
  const id = typeof order === 'string' && /^\d{1,9}$/.test(order) ? Number(order) : undefined;
  return { order: id, token: typeof token === 'string' ? token : undefined };
}

/** The card's picture: the organizer's cover, else the truck's photo. */
const shareImageHash = (row: {
  event: { coverImageHash: string | null };
  truck: { profileImageHash: string | null };
}) => row.event.coverImageHash ?? row.truck.profileImageHash;

/**
 * `/events/public/{id}` rendered by the server with its share card tags (the client's index.html
 * from `clientDir`), and the truck's picture at its own URL for the card.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ clientDir: string; pages: PageRenderer }> = async (
  app,
  { clientDir, pages },
) => {
  const { ctx } = app;
  let template: Promise<string> | undefined;
  // The event page's own chunks are announced in the page, so they download with the first script.
  const loadTemplate = () =>
    (template ??= readFile(path.join(clientDir, 'index.html'), 'utf8').then((html) =>
      withPagePreloads(html, readClientManifest(clientDir), 'pages/public-event-page.tsx'),
    ));

  app.get(
    '/events/public/:id',
    {
      // A page, not an API answer: its 404 is the page too, so it has no JSON failures to describe.
      schema: {
        ...operation({ operationId: 'renderEventPage', summary: "An event's public page, rendered" }),
        tags: ['share'],
        params: z.object({ id: z.string() }),
        response: {
          200: fileResponse('text/html', 'The event page, with its share card tags'),
          404: fileResponse('text/html', 'No such event: the page, which says so'),
        },
      },
    },
    async (request, reply) => {
      const html = await loadTemplate();
      reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      const eventId = Number(request.params.id);
      const row =
        /^\d{1,9}$/.test(request.params.id) && eventId > 0 ? await findEventWithTruck(ctx.db, eventId) : null;
      // No such event: the page says "Event not found", and the status too. One not shareable yet (or
      // taken down) may still be its organizer's or truck's to see: the page asks with their session.
      if (!row) return reply.code(404).send(compressedHtml(request, reply, html));
      // A taken-down event answers as a missing one to whoever may not see it (decision 033); its
      // organizer, truck, admins and diners get the page, which says it was taken down.
      if (row.event.hidden && !(await maySeeHiddenEvent(request, row.event, receiptOf(request.query))))
        return reply.code(404).send(compressedHtml(request, reply, html));
      if (!isShareable(row)) return reply.send(compressedHtml(request, reply, html));
      // The card in the visitor's language (the switcher's cookie, else Accept-Language; decision 229).
      const language = requestLanguage(request);
      const preview = describeSharePreview(
        row.event,
        row.truck.businessName ?? row.truck.username,
        publicBaseUrl(ctx.config),
        shareImageHash(row) !== null,
        ctx.now(),
        language,
      );
      // The sponsors shown on the page are named on its card too (decision 223).
      const sponsored = sponsorLine(await shownSponsorNames(ctx.db, eventId), language);
      if (sponsored) preview.description = `${preview.description} ${sponsored}`;
      // The page's first questions, asked while its script downloads; and its largest picture (the
      // hero: Largest Contentful Paint), the copy the page will pick, before the script has run.
      const heroUrl = UNAVAILABLE_EVENT_STATUSES.includes(row.event.status)
        ? null
        : imageUrl(shareImageHash(row));
      const heroPreload = heroUrl
        ? `  <link rel="preload" as="image" href="${heroUrl}" imagesrcset="${imageSrcSet(heroUrl)}" imagesizes="${EVENT_HERO_SIZES}" fetchpriority="high" />\n`
        : '';
      const apiPaths = [
        `/api/events/${eventId}`,
        `/api/menu-items/${row.event.foodTruckId}`,
        `/api/events/${eventId}/updates`,
      ];
      // For a visitor without a session (anyone opening a shared link), the page as the browser will
      // first render it, with the answers it reads inside (decision 108); the page's own <title>.
      const withPreview = renderSharePreview(html, preview);
      const origin = pages.originFor(request);
      const rendered =
        hasSessionCookie(request) || !origin
          ? null
          : await pages.render(withoutUserPreload(withPreview), {
              // Only what the page's HTML shows from its address: a shared link's tracking parameters
              // (or made-up ones) must not each cost a render.
              url:
                (request.query as { reminder?: string }).reminder === 'confirmed'
                  ? `/events/public/${eventId}?reminder=confirmed`
                  : `/events/public/${eventId}`,
              origin,
              language,
              apiPaths,
              known: [SIGNED_OUT],
            });
      // Else the menu and the updates are asked as soon as the event has arrived: announced here,
      // they come with it instead of one round trip later.
      const fetches = rendered
        ? ''
        : apiPaths
            .map(
              (href) => `  <link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials" />\n`,
            )
            .join('');
      const page = (rendered ?? withPreview).replace('</head>', () => `${fetches}${heroPreload}  </head>`);
      return reply.send(compressedHtml(request, reply, page));
    },
  );

  app.get(
    '/events/public/:id/share-image',
    {
      schema: shareRouteSchema({
        operationId: 'getEventShareImage',
        summary: "An event's share card picture",
        params: idParams('id'),
        response: { 200: fileResponse('image/*', "The truck's picture for the share card") },
      }),
    },
    async (request, reply) => {
      const row = await findEventWithTruck(ctx.db, request.params.id);
      const hash = row && isShareable(row) ? shareImageHash(row) : null;
      const image = hash ? await findStoredImage(ctx.db, hash) : null;
      if (!image) return reply.code(404).send({ code: 'not_found', message: 'No image for this event' });
      // Not immutable: the organizer may change the cover, and this address stays the same.
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'public, max-age=3600')
        .send(image.bytes);
    },
  );
};
