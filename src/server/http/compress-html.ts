import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] as const });

/**
 * A page made per request (the event page with its share tags) compressed as the browser accepts,
 * like the prebuilt files next to it (decision 090). Brotli at quality 5: a few KB take well under a
 * millisecond.
 */
export function compressedHtml(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  reply.header('Vary', 'Accept-Encoding');
  const header = request.headers['accept-encoding'];
  const encoding = typeof header === 'string' ? encodings.negotiate(header.toLowerCase()) : null;
  if (encoding === 'br') {
    reply.header('Content-Encoding', 'br');
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (encoding === 'gzip') {
    reply.header('Content-Encoding', 'gzip');
    return gzipSync(html, { level: 6 });
  }
  return html;
}
