import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { IMAGE_VARIANT_WIDTHS } from '../../core/images';
import { fileResponse } from '../../contract/common';
import { badRequest, notFound } from '../http/errors';
import { routeSchemasTagged } from '../http/route-schema';
import { findStoredImage, type StoredImage } from './image-store';

const IMAGE_NAME = /^([0-9a-f]{64})(?:-(\d{1,5})\.webp)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const WIDTHS: readonly number[] = IMAGE_VARIANT_WIDTHS;
/** Pictures kept in memory per instance, by size. */
const CACHE_BYTES = 32 * 1024 * 1024;

const routeSchema = routeSchemasTagged(['images']);

/**
 * `GET /api/images/<sha256>` and `/api/images/<sha256>-<width>.webp`: stored pictures at addresses
 * that never change meaning, so browsers and CDNs keep them a year and revalidate by ETag without
 * the database. No session is read: pictures are public, and a picture request must cost no
 * session lookup (docs/decisions/084-images-by-content-hash.md).
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // A picture never changes under its name, so a copy kept here is never stale; reading bytes out of
  // PGlite costs about 0.3 ms per kilobyte, and each picture is asked for by every new visitor.
  const cache = new LRUCache<string, StoredImage>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (image) => Math.max(1, image.bytes.length),
  });

  app.get(
    '/api/images/:name',
    {
      schema: routeSchema({
        operationId: 'getImage',
        summary: 'A stored picture or one of its smaller copies',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: fileResponse('image/*', 'The picture'), 304: z.null() },
      }),
    },
    async (request, reply) => {
      const match = IMAGE_NAME.exec(request.params.name);
      if (!match) throw badRequest('Not an image address: expected /api/images/<sha256>[-<width>.webp]');
      const [, hash, widthText] = match as unknown as [string, string, string | undefined];
      const width = widthText === undefined ? undefined : Number(widthText);
      if (width !== undefined && !WIDTHS.includes(width)) {
        throw badRequest(`Pictures come in widths ${WIDTHS.join(' and ')} only`);
      }
      const etag = `"${hash}${width === undefined ? '' : `-${width}`}"`;
      const cacheable = () =>
        reply
          .header('ETag', etag)
          .header('Cache-Control', IMMUTABLE)
          .header('X-Content-Type-Options', 'nosniff');
      // The name is the content's hash: whoever holds this ETag holds these very bytes.
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`)) {
        return cacheable().code(304).send(null);
      }
      const key = `${hash}-${width ?? 0}`;
      let image = cache.get(key);
      if (!image) {
        const found = await findStoredImage(app.ctx.db, hash, width);
        if (!found) throw notFound('Image not found');
        cache.set(key, (image = found));
      }
      return cacheable().header('Content-Type', image.contentType).send(image.bytes);
    },
  );
};
