import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_SCHEME } from './route-schema';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The API's OpenAPI 3 description, built from the same Zod schemas that validate every request and
 * serialize every answer (src/contract), served at /api/openapi.json with Swagger UI at /api/docs.
 * Each route names its operation beside itself (`routeSchemasTagged`, src/server/http/route-schema.ts).
 * Must be registered before any route, so that it sees them all.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // @fastify/websocket hides its routes from the description; ours says what the upgrade answers.
  app.addHook('onRoute', (route) => {
    if (route.websocket && route.schema?.summary) route.schema.hide = false;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Food truck events marketplace API',
        description:
          'Organizers book food trucks for events, diners pre-order, and cards are charged only once an ' +
          "event's sales reach the truck's goal. Money is a two-decimal string in US dollars; instants are " +
          'ISO 8601 strings in UTC. The browser signs in with a session cookie; writes need the same origin.',
        version: '1.0.0',
      },
      // Same origin: the paths begin with /api.
      servers: [{ url: '/', description: 'The site itself' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description:
              'The session cookie set by POST /api/login or /api/register: `sid` over HTTP, `__Host-sid` ' +
              '(Secure, host-only) over HTTPS.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Never ask the public validator service: the page must work offline and under our CSP.
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: false,
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, no-cache');
    return app.swagger();
  });
}

/**
 * The converter registers an input and an output form of every named contract schema; the forms no
 * operation refers to (mostly the inputs of answers) are left out of the document.
 */
function withoutUnusedSchemas<T extends object>(document: T): T {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components;
  const schemas = components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
          const name = child.slice('#/components/schemas/'.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit({ ...document, components: { ...components, schemas: {} } });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}
