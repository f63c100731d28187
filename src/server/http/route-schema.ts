import { errorResponses } from '../../contract/common';

/** What a route's schema says of its own: its input shapes and its answers other than failures. */
interface OwnRouteSchema {
  response: object;
}

/**
 * The answers as one object type rather than an intersection: Fastify's type provider reads a route's
 * answers key by key, and given the intersection it types the handler's answer as the failure body alone.
 */
type Answers<Own> = { [Code in keyof (Own & typeof errorResponses)]: (Own & typeof errorResponses)[Code] };

/**
 * The schema builder of a feature's routes. Each schema it builds carries the feature's OpenAPI `tags`
 * and, after the route's own answers, the failures any route may answer (`errorResponses`), so that a
 * route states only its input and its answers, and none forgets to document its failures. The keys keep
 * the order the routes used to write by hand, so the OpenAPI document is the same.
 */
export function routeSchemasTagged(tags: string[]) {
  return <S extends OwnRouteSchema>({ response, ...own }: S) => {
    // TypeScript types a spread of a generic object as an intersection: it needs telling what it is.
    const answers = { ...response, ...errorResponses } as Answers<S['response']>;
    return { tags, ...own, response: answers };
  };
}
