import { describe, expect, it } from 'vitest';
import { isClientPath } from './client-paths';

describe('isClientPath', () => {
  it.each([
    ['/', true],
    ['/trucks', true],
    ['/trucks/', true],
    ['/events/public/12', true],
    ['/my-events/3/edit', true],
    ['/events/public/1/orders/9', true],
    ['/nope', false],
    ['/trucks/1/2', false],
    ['/events/public//orders/9', false],
    ['/my-events/3/delete', false],
    ['/events/publicx', false],
  ])(
    'knows whether the router draws %s (a page: %s), ids and a trailing slash as it reads them',
    (path, page) => {
      expect(isClientPath(path)).toBe(page);
    },
  );
});
