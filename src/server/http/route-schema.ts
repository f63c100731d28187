import { errorResponses } from '../../contract/common';

/** The security scheme of a signed-in account's session cookie (declared in openapi.ts). */
export const SESSION_SCHEME = 'session';

/** What names a route in the API description, written beside the route itself. */
export interface RouteOperation {
  /** The generated web client's (and any client's) name for it: a verb and a noun, `createOrder`; unique. */
  operationId: string;
  /** One line saying what it does, shown in the reference at /api/docs. */
  summary: string;
  /**
   * Set when the route answers 401 to a caller without an account: the description then attaches the
   * session scheme to it (the access matrix checks this against what the route answers).
   */
  login?: true;
}

/**
 * A route's name, summary and security as the OpenAPI description states them. A route that needs no
 * login says so with an empty requirement, so that the document states it for every operation.
 */
export function operation({ operationId, summary, login }: RouteOperation) {
  return { operationId, summary, security: login ? [{ [SESSION_SCHEME]: [] }] : [] };
}

/** What a route's schema says of its own: its name, its input shapes and its answers other than failures. */
interface OwnRouteSchema extends RouteOperation {
  response: object;
}

/**
 * The answers as one object type rather than an intersection: Fastify's type provider reads a route's
 * answers key by key, and given the intersection it types the handler's answer as the failure body alone.
 */
type Answers<Own> = { [Code in keyof (Own & typeof errorResponses)]: (Own & typeof errorResponses)[Code] };

/**
 * The schema builder of a feature's routes. A route states its operation (`operationId`, `summary`,
 * `login`), its input and its answers; each schema built carries the feature's OpenAPI `tags` and, after
 * the route's own answers, the failures any route may answer (`errorResponses`), so that none forgets to
 * document its failures:
 *
 *     schema: routeSchema({
 *       operationId: 'createMenuItem',
 *       summary: 'Add a dish to the menu',
 *       login: true,
 *       body: menuItemSchema,
 *       response: { 201: menuItemDtoSchema },
 *     }),
 */
export function routeSchemasTagged(tags: string[]) {
  return <S extends OwnRouteSchema>({ operationId, summary, login, response, ...own }: S) => {
    // TypeScript types a spread of a generic object as an intersection: it needs telling what it is.
    const answers = { ...response, ...errorResponses } as Answers<S['response']>;
    return { ...operation({ operationId, summary, login }), tags, ...own, response: answers };
  };
}
