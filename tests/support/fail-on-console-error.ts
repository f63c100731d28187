import { afterEach, vi } from 'vitest';

/** An unexpected console.error fails the test. Tests that expect one spy on it themselves. */
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
