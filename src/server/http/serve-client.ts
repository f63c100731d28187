import path from 'node:path';
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientPath } from '../../core/client-paths';
import { hasSessionCookie } from '../auth/sessions';
import { requestLanguage } from '../i18n';
import { readClientManifest, withPagePreloads } from './client-manifest';
import { compressedHtml } from './compress-html';
import { isBelowEmbed } from './security';
import { SIGNED_OUT, withoutUserPreload, type PageRenderer } from './server-render';

/** Vite names these by content hash: a changed file gets a new name, so a copy never goes stale. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(?:\.(?:br|gz))?$/;

/**
 * The built React client, with index.html for every client route (the router shows its own 404).
 * The build wrote brotli and gzip copies of each text file; the one the browser accepts is sent as it
 * is. Hashed assets are cached for a year, everything else is revalidated (decision 090).
 */
export async function registerClient(
  app: FastifyInstance,
  serveClient: boolean,
  clientDir: string,
  pages: PageRenderer,
): Promise<void> {
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // One route per file the browser asks for; the .br/.gz copies are found next to it (a third of
      // the routes, and of the start-up time this plugin takes).
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      // `send` would add its own `Cache-Control: public, max-age=0` after setHeaders: the header is ours.
      cacheControl: false,
      // Source maps are not built; should one appear in dist/web, it is still not served. Nor is the
      // build manifest (.vite/).
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.startsWith('/.'),
      setHeaders(res, filePath) {
        res.setHeader(
          'Cache-Control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  let homePage: Promise<string> | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !isBelowEmbed(request.url) &&
      !path.extname(request.url.split('?')[0]!);
    if (serveClient && isPageRequest) {
      reply.header('Cache-Control', 'no-cache');
      if (request.url.split('?')[0] === '/') {
        // `/` announces the landing page's chunk, as the event page does its own (decision 094).
        homePage ??= readFile(path.join(clientDir, 'index.html'), 'utf8').then((html) =>
          withPagePreloads(html, readClientManifest(clientDir), 'pages/landing-page.tsx'),
        );
        reply.header('Content-Type', 'text/html; charset=utf-8');
        // A visitor with no session sees the landing page in the HTML itself (decision 108); the
        // signed in get their own home, which the browser renders.
        const template = await homePage;
        const origin = pages.originFor(request);
        const rendered =
          hasSessionCookie(request) || !origin
            ? null
            : await pages.render(withoutUserPreload(template), {
                // The landing page shows nothing from its query: one render for every `/?…`.
                url: '/',
                origin,
                language: requestLanguage(request),
                apiPaths: [],
                known: [SIGNED_OUT],
              });
        return reply.send(compressedHtml(request, reply, rendered ?? template));
      }
      // The app draws its "Page Not Found" for an address it has no page for; the status says so too.
      if (!isClientPath(request.url.split('?')[0]!)) reply.code(404);
      return reply.sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ code: 'not_found', message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
