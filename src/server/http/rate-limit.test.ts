import { describe, expect, it } from 'vitest';
import { routeNamespace } from './rate-limit';

describe('routeNamespace', () => {
  it("names a route's counter by its method and URL, as @fastify/rate-limit passes them (routeInfo)", () => {
    expect(routeNamespace({ max: 10, routeInfo: { method: 'POST', url: '/api/register' } })).toBe(
      'POST:/api/register',
    );
    expect(routeNamespace({ routeInfo: { method: ['GET', 'HEAD'], url: '/api/geocode' } })).toBe(
      'GET:/api/geocode',
    );
  });

  it('counts a HEAD with the GET of its path: Fastify adds a HEAD route for each GET (decision 212)', () => {
    expect(routeNamespace({ routeInfo: { method: 'HEAD', url: '/api/geocode' } })).toBe(
      routeNamespace({ routeInfo: { method: 'GET', url: '/api/geocode' } }),
    );
    expect(routeNamespace({ routeInfo: { method: 'HEAD', url: '/api/chat/history' } })).toBe(
      'GET:/api/chat/history',
    );
  });

  it('refuses to name a counter without its route, rather than let every limit share one', () => {
    // What the store read before: the options' own method and URL, which do not exist.
    expect(() => routeNamespace({ method: 'POST', url: '/api/register' })).toThrow(/needs its route/);
    expect(() => routeNamespace({ routeInfo: {} })).toThrow(/needs its route/);
    expect(() => routeNamespace({ routeInfo: { method: [], url: '/api/geocode' } })).toThrow(
      /needs its route/,
    );
    expect(() => routeNamespace(undefined)).toThrow(/needs its route/);
  });
});
