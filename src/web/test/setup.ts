import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../../core/schemas/zod-messages';

beforeEach(() => {
  // reportError notes handled failures with console.warn; the tests assert what the person sees.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(console.warn).mockRestore();
});
