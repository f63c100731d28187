import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fileResponse } from '../../contract/common';
import { forbidden, HttpError } from '../http/errors';
import { pingDatabase } from './readiness-queries';
import { routeSchemasTagged } from '../http/route-schema';

/** How long readiness waits for the database to answer `select 1` before calling it down. */
const READY_QUERY_TIMEOUT_MS = 2000;

const routeSchema = routeSchemasTagged(['health']);

export const NOT_READY_RETRY_AFTER_SECONDS = 5;

const readySchema = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  listener: z.enum(['up', 'down']),
});

/**
 * `/metrics` (Prometheus) and `/api/ready` (a load balancer's readiness probe). `/api/health` stays
 * in app.ts: it says the process answers, nothing more, and costs nothing.
 */
export async function observabilityRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const token = ctx.config.metrics.token;

  app.get(
    '/metrics',
    {
      schema: routeSchema({
        operationId: 'getMetrics',
        summary:
          'Prometheus metrics: from the machine itself, or anywhere with the METRICS_TOKEN bearer token',
        response: { 200: fileResponse('text/plain', 'Prometheus text exposition format') },
      }),
    },
    async (request, reply) => {
      if (!mayReadMetrics(request, token)) {
        throw token
          ? new HttpError(401, 'The metrics need the METRICS_TOKEN bearer token')
          : forbidden('The metrics are answered only on this machine (or set METRICS_TOKEN)');
      }
      const body = await ctx.metrics.render();
      reply.header('Cache-Control', 'no-store').type(ctx.metrics.contentType);
      return body;
    },
  );

  app.get(
    '/api/ready',
    {
      schema: routeSchema({
        operationId: 'getReadiness',
        summary:
          'Whether this instance should get traffic: migrations ran, the database and its LISTEN connection are up',
        response: { 200: readySchema, 503: readySchema },
      }),
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const database = (await databaseAnswers(app)) ? 'up' : 'down';
      const listener = ctx.database.isListening() ? 'up' : 'down';
      const ready = database === 'up' && listener === 'up';
      if (!ready) reply.code(503).header('Retry-After', String(NOT_READY_RETRY_AFTER_SECONDS));
      return { ready, database, listener } as const;
    },
  );
}

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      pingDatabase(app.ctx.db).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * With a token: whoever presents it. Without: only a caller on this machine that no proxy forwarded
 * (a proxy on the same machine connects from loopback too, but says whom it forwards).
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
  return (
    loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined
  );
}
