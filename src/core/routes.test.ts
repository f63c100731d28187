import { describe, expect, it } from 'vitest';
import { isClientPath, isPublicRoute } from './routes';

describe('isPublicRoute', () => {
  it('opens the listed routes and their sub-paths', () => {
    for (const path of [
      '/',
      '/auth',
      '/events/public',
      '/events/public/12',
      '/embed',
      '/embed-standalone',
      '/how-it-works',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
    ]) {
      expect(isPublicRoute(path), path).toBe(true);
    }
  });

  it('keeps everything else private, including look-alike paths', () => {
    for (const path of [
      '/profile',
      '/my-events',
      '/events/create',
      '/events/public-ish',
      '/authority',
      '/admin/chat',
      '/account',
    ]) {
      expect(isPublicRoute(path), path).toBe(false);
    }
  });
});

describe('isClientPath', () => {
  it("knows the router's pages, with their ids and a trailing slash", () => {
    for (const path of [
      '/',
      '/trucks',
      '/trucks/',
      '/events/public/12',
      '/my-events/3/edit',
      '/events/public/1/orders/9',
    ])
      expect(isClientPath(path), path).toBe(true);
  });

  it('refuses what no page draws', () => {
    for (const path of [
      '/nope',
      '/trucks/1/2',
      '/events/public//orders/9',
      '/my-events/3/delete',
      '/events/publicx',
    ])
      expect(isClientPath(path), path).toBe(false);
  });
});
