import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases } from './aliases.ts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'eslint/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // As the integration files: a worker's files share its modules, imported once (39 s -> 16 s
          // at load 11). No test mocks a module; each restores what it stubs (decision 210).
          isolate: false,
          // Pure code: 0.1 to 2 s each alone; 20 s is ten times that on a machine at load 15.
          testTimeout: 20_000,
        },
      },
      {
        // The web's components, rendered in a simulated DOM and driven like a person would.
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          setupFiles: ['src/web/test/setup.ts'],
          // React, the router and the query client imported once per worker, not per file (151 s -> 56 s for
          // unit and components at load 17); the set-up removes what a file leaves behind (toasts, stubs).
          isolate: false,
          // A screen rendered and driven in happy-dom: 1.7 s for the slowest alone, over 5 s at load 15
          // (decision 210). Waits inside (findBy…, waitFor) return as soon as the screen shows it.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // The files of a worker share its modules: each still opens its own database and app, and none
          // mocks a module or the timers. Importing the server once per file cost 200 of the layer's
          // 650 s on two cores; once per worker it costs 14 (docs/decisions/207-test-files-share-modules.md).
          isolate: false,
          // A request or a few: under a second alone. Races of hundreds of orders declare their own.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/test-database.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // As the integration files: each opens its own app, database and browser; none mocks a module.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/test-database.setup.ts', 'tests/e2e/global-setup.ts'],
        },
      },
    ],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    // expect.poll waits on what happens and returns as soon as it does; its 1 s default is a deadline a
    // busy machine misses (decision 210).
    expect: { poll: { timeout: 30_000 } },
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core machine, where
    // a test file mostly waits (on the database, a socket, the browser). Two at least (decision 184).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
