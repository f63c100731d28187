import { fileURLToPath } from 'node:url';

/** The import aliases of tsconfig.json's `paths`, for Vite and Vitest (tsx reads tsconfig itself). */
export const aliases = {
  '@core': fileURLToPath(new URL('./src/core', import.meta.url)),
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};
