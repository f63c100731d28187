import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { openTestDatabase, testConfig } from '../support/test-app';

/**
 * The API's description is generated from the same Zod schemas that validate requests and serialize
 * answers (src/contract): every route must be in it, with its parameters, its body and its answers.
 */
let database: Database;
let app: FastifyInstance;
let clientDir: string;

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  database = await openTestDatabase();
  // A stand-in for the built client, so the share pages (served with it) are registered too.
  clientDir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Food trucks</title>');
  app = await buildApp(testConfig(), { database, serveClient: true, clientDir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

/** The reference itself is not part of the API it describes, nor are the client's static files. */
const isDocsRoute = (url: string) =>
  url === '/api/openapi.json' ||
  url.startsWith('/api/docs') ||
  (!url.startsWith('/api/') && /\.\w+$/.test(url));

/**
 * Writes that take no body: the session, the payee's onboarding, the guarantee's card (Stripe's form holds
 * it), and the raw-bodied webhooks (Twilio's inbound text is form-encoded, read and signed as sent).
 */
const NO_BODY = new Set([
  'POST /api/logout',
  'POST /api/session',
  'POST /api/session/forget',
  'POST /api/payouts/account/onboarding',
  'POST /api/payouts/account/refresh',
  'POST /api/payments/webhook',
  'POST /api/payouts/webhook',
  'POST /api/updates/unsubscribe',
  'POST /api/account/verification-email',
  'POST /api/events/:id/guarantee',
  'POST /api/events/:id/guarantee/sync',
  'POST /api/texts/inbound',
]);

async function loadDocument(): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.json();
}

describe('GET /api/openapi.json', () => {
  it('describes every registered route with its name, summary, request and answer schemas', async () => {
    const doc = await loadDocument();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = app.registeredRoutes.filter((r) => !isDocsRoute(r.url));
    // The walk must see the whole API, share pages included.
    expect(routes.length).toBeGreaterThanOrEqual(60);
    expect(routes.map((r) => r.url)).toContain('/events/public/:id');
    const problems: string[] = [];
    for (const { method, url } of routes) {
      const name = `${method} ${url}`;
      const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) {
        problems.push(`${name}: missing`);
        continue;
      }
      // Named beside the route: routeSchema({ operationId, summary, ... }) in its *.routes.ts.
      if (!op.operationId) problems.push(`${name}: no operationId`);
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      const pathParams = [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      for (const param of pathParams) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === param))
          problems.push(`${name}: no schema for path parameter ${param}`);
      }
      const success = Object.entries(op.responses ?? {}).filter(([code]) => /^(1|2|3)\d\d$/.test(code));
      if (success.length === 0) problems.push(`${name}: no success answer`);
      for (const [code, answer] of success) {
        if (code === '101' || code.startsWith('3')) continue;
        const schemas = Object.values(answer.content ?? {}).map((c) => c.schema);
        if (schemas.length === 0 || schemas.some((s) => !s)) problems.push(`${name}: ${code} has no schema`);
      }
      if (url.startsWith('/api/') && !op.responses['4XX'] && !op.responses['4xx'])
        problems.push(`${name}: failures not described`);
      if (['POST', 'PUT', 'PATCH'].includes(method) && !NO_BODY.has(name)) {
        const body = op.requestBody?.content['application/json']?.schema;
        if (!body) problems.push(`${name}: no request body schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("shows money as decimal strings in the currency's digits and instants as date-times", async () => {
    const doc = (await loadDocument()) as Document & {
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
    };
    const event = doc.components.schemas.EventOutput ?? doc.components.schemas.Event;
    expect(event?.properties.minimumSales).toMatchObject({ type: 'string', pattern: '^-?\\d+(\\.\\d{2})?$' });
    expect(event?.properties.startsAt).toMatchObject({ type: 'string', format: 'date-time' });
    const createEvent = doc.paths['/api/events']!.post!;
    expect(createEvent.requestBody?.content['application/json']?.schema).toMatchObject({
      required: expect.arrayContaining(['title', 'date', 'location']),
    });
  });

  it("tells a client that an event's date as a timestamp is read in the event's own zone", async () => {
    const doc = await loadDocument();
    const body = doc.paths['/api/events']!.post!.requestBody?.content['application/json']?.schema as {
      properties: { date: { type: string; description: string } };
    };
    expect(body.properties.date.type).toBe('string');
    expect(body.properties.date.description).toContain(
      '`2026-12-19T15:00:00.000Z` with `Asia/Tokyo` is 2026-12-20',
    );
  });
});

describe('GET /api/docs', () => {
  it('serves the browsable reference, which reads the same description', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('validatorUrl');
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  });
});
