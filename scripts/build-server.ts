/**
 * Compiles the server (src/server/main.ts and everything it imports from src) into one ES module,
 * dist/server/main.js, so `npm start` runs it with plain node instead of compiling TypeScript at every
 * start (decision 092). Most packages are bundled in too: resolving and reading some 1,500 files of
 * node_modules one by one was a third of the start-up. Those that find files of their own at run time
 * (WASM, native binaries, worker scripts, static pages) stay in node_modules.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, ROOT, SERVER_BUILD } from './build-stamp.js';

/** Loaded from node_modules at run time, not bundled. */
export const SERVER_EXTERNALS = [
  '@electric-sql/pglite', // its WASM and data files, next to its modules
  '@node-rs/argon2', // native
  'sharp', // native
  'pino', // its transports run in worker threads, found by file name
  'pino-pretty',
  'thread-stream',
  '@fastify/swagger-ui', // serves its own static files
  'pg-native', // optional, never installed: pg tries it only when asked
  'bufferutil', // optional speed-ups of ws, tried at run time
  'utf-8-validate',
];

export function isServerStale(): boolean {
  return isStale(SERVER_BUILD);
}

export async function buildServer(
  options: {
    force?: boolean;
    quiet?: boolean;
    /** Compile here instead of dist/server (always, without the stamp): the start-up test's own copy. */
    outDir?: string;
  } = {},
): Promise<boolean> {
  if (!options.force && !options.outDir && !isServerStale()) return false;
  const { build } = await import('esbuild');
  if (!options.quiet) process.stdout.write('Compiling the server…\n');
  const outdir = options.outDir ?? path.join(ROOT, 'dist/server');
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/server/main.ts'],
    outfile: path.join(outdir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: SERVER_EXTERNALS.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // Stack traces name the TypeScript sources (start.js turns source maps on); dist/server is never served.
    sourcemap: 'linked',
    logLevel: options.quiet ? 'warning' : 'info',
  });
  if (!options.outDir) writeFileSync(path.join(ROOT, SERVER_BUILD.stamp), new Date().toISOString());
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer({ force: process.argv.includes('--force') });
}
