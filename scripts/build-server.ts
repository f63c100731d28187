/**
 * Compiles the server (src/server/main.ts and everything it imports from src) into ES modules in
 * dist/server, so `npm start` runs it with plain node instead of compiling TypeScript at every
 * start (decision 092). Most packages are bundled in too: resolving and reading some 1,500 files of
 * node_modules one by one was a third of the start-up. Those that find files of their own at run time
 * (WASM, native binaries, worker scripts) stay in node_modules.
 * `main.js` holds what the start needs; what the server imports lazily (`await import(…)`: the rest of
 * the app while the embedded database starts, Stripe, mail, Postgres' driver…) is split into chunks
 * loaded when first used (decision 107).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { isStale, ROOT, SERVER_BUILD } from './build-stamp.js';

/** Loaded from node_modules at run time, not bundled. */
export const SERVER_EXTERNALS = [
  '@electric-sql/pglite', // its WASM and data files, next to its modules
  '@node-rs/argon2', // native
  'sharp', // native
  'pino', // its transports run in worker threads, found by file name
  'pino-pretty',
  'thread-stream',
  // Fastify's default Ajv and fast-json-stringify compilers (and Ajv itself, two copies): the app names
  // its Zod compilers instead (app.ts), so they are never loaded; bundled, they were a fifth of the
  // code node compiles at start (decision 107).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  // CommonJS (pinned to 1.x for Node 20, decision 110) that @fastify/cookie loads with `import()`: bundled,
  // such an import sees only a default export, so the plugin found no `parseCookie` and every cookie failed.
  'cookie',
  'pg-native', // optional, never installed: pg tries it only when asked
  'bufferutil', // optional speed-ups of ws, tried at run time
  'utf-8-validate',
];

/**
 * Bundled, though they read files of their own (Swagger UI's page and scripts): in the bundle their
 * `__dirname` is their folder in node_modules, found at run time, as it was when node loaded them from
 * there. Loading Swagger UI and its packages file by file was a tenth of the start-up.
 */
const BUNDLED_WITH_OWN_FILES = ['@fastify/swagger-ui'];

function ownDirectories(names: string[]): Plugin {
  const require = createRequire(path.join(ROOT, 'package.json'));
  const packages = names.map((name) => ({
    name,
    dir: path.dirname(require.resolve(`${name}/package.json`)),
  }));
  return {
    name: 'own-directories',
    setup(build) {
      const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
      const filter = new RegExp(`[\\\\/]node_modules[\\\\/](${escaped.join('|')})[\\\\/].*\\.c?js$`);
      build.onLoad({ filter }, (args) => {
        const owner = packages.find(({ dir }) => args.path.startsWith(dir + path.sep));
        const source = readFileSync(args.path, 'utf8');
        if (!owner || !source.includes('__dirname')) return undefined;
        const sub = path.relative(owner.dir, path.dirname(args.path)).split(path.sep).join('/');
        const dir =
          `require('node:path').join(require('node:path').dirname(require.resolve(` +
          `${JSON.stringify(`${owner.name}/package.json`)})), ${JSON.stringify(sub)})`;
        return {
          contents: `var __dirname = ${dir};\n${source}`,
          loader: 'js',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

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
  // Chunks are named by content: the last build's would pile up.
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    // main.js for `node dist/server/main.js`; start-server.js for `npm start`, which hands in its progress.
    entryPoints: ['src/server/main.ts', 'src/server/start-server.ts'],
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
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
    plugins: [ownDirectories(BUNDLED_WITH_OWN_FILES)],
    // Stack traces name the TypeScript sources (start.js turns source maps on); dist/server is never
    // served. Line numbers are all a stack trace needs: without the sources' text, node reads a third.
    sourcemap: 'linked',
    sourcesContent: false,
    // Less for node to read and compile at every start (the app chunk 1.4 MB instead of 2.3 MB, 65 ms less
    // to import), names kept: stack traces still name functions (decision 107).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: options.quiet ? 'warning' : 'info',
  });
  if (!options.outDir) writeFileSync(path.join(ROOT, SERVER_BUILD.stamp), new Date().toISOString());
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer({ force: process.argv.includes('--force') });
}
