import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './public-read-cache';

/**
 * Anyone's answer: browsers and shared caches (a CDN) may keep it a few seconds and serve it a while
 * longer as they revalidate; revalidating costs a 304 with no body.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=60';
/** An answer only some may see (a hidden event, to its organizer): kept by no cache at all. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a cached answer's bytes as they are (no serializing), or 304 when the caller has them. */
export function sendPublicAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string = PUBLIC_CACHE_CONTROL,
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', answer.etag);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
