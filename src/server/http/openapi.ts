import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The API's OpenAPI 3 description, built from the same Zod schemas that validate every request and
 * serialize every answer (src/contract), served at /api/openapi.json with Swagger UI at /api/docs.
 * Must be registered before any route, so that it sees them all.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // @fastify/websocket hides its routes from the description; ours says what the upgrade answers.
  app.addHook('onRoute', (route) => {
    if (route.websocket && route.schema?.summary) route.schema.hide = false;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Food truck events marketplace API',
        description:
          'Organizers book food trucks for events, diners pre-order, and cards are charged only once an ' +
          "event's sales reach the truck's goal. Money is a two-decimal string in US dollars; instants are " +
          'ISO 8601 strings in UTC. The browser signs in with a session cookie; writes need the same origin.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
