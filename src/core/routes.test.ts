import { describe, expect, it } from 'vitest';
import { isPublicRoute } from './routes';

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
