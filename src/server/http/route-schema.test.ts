import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponses } from '../../contract/common';
import { operation, routeSchemasTagged, SESSION_SCHEME } from './route-schema';

const routeSchema = routeSchemasTagged(['menu']);
const dish = z.object({ name: z.string() });

describe('a route schema', () => {
  it('carries the route’s name, summary, tags, input and answers, then the failures any route may answer', () => {
    const schema = routeSchema({
      operationId: 'createMenuItem',
      summary: 'Add a dish to the menu',
      login: true,
      body: dish,
      response: { 201: dish },
    });
    expect(schema).toEqual({
      operationId: 'createMenuItem',
      summary: 'Add a dish to the menu',
      security: [{ [SESSION_SCHEME]: [] }],
      tags: ['menu'],
      body: dish,
      response: { 201: dish, ...errorResponses },
    });
    expect(schema).not.toHaveProperty('login');
  });

  it('states an empty security requirement for a route anyone may call', () => {
    expect(routeSchema({ operationId: 'listMenuItems', summary: 'A menu', response: {} }).security).toEqual(
      [],
    );
    expect(operation({ operationId: 'getHealth', summary: 'Up' })).toEqual({
      operationId: 'getHealth',
      summary: 'Up',
      security: [],
    });
  });

  it('will not build without an operationId and a summary', () => {
    // @ts-expect-error: a route names its operation
    routeSchema({ summary: 'A menu', response: {} });
    // @ts-expect-error: and says in a line what it does
    routeSchema({ operationId: 'listMenuItems', response: {} });
  });
});
