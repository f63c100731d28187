import { describe, expect, it } from 'vitest';
import { CLIENT_PATHS } from '@core/client-paths';
import { routes } from './router';

describe('the router', () => {
  it('draws exactly the pages the server answers 200 for', () => {
    const drawn = routes.flatMap((layout) => layout.children ?? []).map((route) => route.path);
    expect(drawn.filter((path) => path !== '*').sort()).toEqual([...CLIENT_PATHS].sort());
  });
});
