import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../../core/schemas/zod-messages';
import { removeAllToasts } from '../components/ui/use-toast';
// Screens speak English in component tests, as a visitor's first page does (decision 228).
import './english';

// findBy… and waitFor return as soon as the screen shows what they wait for; their 1 s default is a deadline
// a machine at load 15 misses (decision 210).
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  // reportError notes handled failures with console.warn; the tests assert what the person sees.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  // The toasts live in a module of their own: a file's last toast must not show in the next file's screen.
  removeAllToasts();
  vi.unstubAllGlobals();
  vi.mocked(console.warn).mockRestore();
});
