import { describe, expect, it } from 'vitest';
import { isClientPath } from './client-paths';

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
