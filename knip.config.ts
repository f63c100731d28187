import type { KnipConfig } from 'knip';

/**
 * knip: no file, export, type or dependency that nothing uses (`npm run knip`, in CI after lint).
 * Tests are entries too: an export a test alone uses is still used. An export used only in its own
 * file is not a finding (constants the module names once for its own rules).
 */
const config: KnipConfig = {
  entry: [
    // What npm scripts, the builds and the bench run (scripts/bench.ts loads its benches by name).
    'src/server/main.ts',
    'src/web/entry-server.tsx',
    'scripts/*.{ts,js}',
    'scripts/bench/*.ts',
    // Every test layer of vitest.config.ts and their set-up files.
    'src/**/*.test.{ts,tsx}',
    'tests/**/*.test.ts',
    'scripts/**/*.test.ts',
    'eslint/**/*.test.ts',
    'tests/support/*.setup.ts',
  ],
  project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.{ts,js}', 'tests/**/*.ts', 'eslint/**/*.js', '*.ts'],
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Named by string: pino loads it as a transport (app.ts, logFormat 'pretty').
    'pino-pretty',
    // A direct dependency only to pin 1.x for Node 20 and keep it out of the server bundle (decision 110).
    'cookie',
  ],
  // Run from scripts and tests, installed by the system, not npm: the bench pins cores, the proxy test makes a certificate.
  ignoreBinaries: ['taskset', 'openssl'],
};

export default config;
