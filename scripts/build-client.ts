import { readdirSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { StartSteps } from '../src/server/start-up/start-progress';
import { CLIENT_BUILD, isStale, ROOT } from './build-stamp.js';

const root = ROOT;
const stampFile = path.join(root, CLIENT_BUILD.stamp);

/** True when dist/web is missing or older than any client source. */
export function isClientStale(): boolean {
  return isStale(CLIENT_BUILD);
}

export async function buildClient(
  options: {
    force?: boolean;
    quiet?: boolean;
    /** Build here instead of dist/web (always, without the stamp): the budget test's own copy. */
    outDir?: string;
    /** `npm start`'s steps: told what the build is doing instead of Vite's list of files. */
    progress?: Pick<StartSteps, 'detail' | 'count'>;
  } = {},
): Promise<boolean> {
  if (!options.force && !options.outDir && !isClientStale()) return false;
  const outDir = options.outDir ?? path.join(root, 'dist/web');
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle: the
  // browser tests must drive what users get.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const { progress } = options;
  const logLevel = options.quiet || progress ? 'warn' : 'info';
  if (!options.quiet && !progress) process.stdout.write('Building the web client…\n');
  progress?.detail('the browser bundle');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel,
    ...(options.outDir ? { build: { outDir: options.outDir, emptyOutDir: true } } : {}),
  });
  // The server's copy of the pages it renders into HTML (decision 108): dist/ssr/entry-server.js, its
  // libraries left to node_modules.
  if (!options.outDir) {
    progress?.detail('the pages the server renders');
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel,
      build: {
        ssr: path.join(root, 'src/web/entry-server.tsx'),
        outDir: path.join(root, 'dist/ssr'),
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
      },
    });
  }
  if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previousNodeEnv;
  progress?.detail('compressing it');
  await precompress(outDir, (done, total) => progress?.count(done, total));
  if (!options.outDir) writeFileSync(stampFile, new Date().toISOString());
  return true;
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to every text file of the
 * build, once, so the server sends them as they are instead of compressing on every request
 * (`@fastify/static` `preCompressed`, decision 090). Compressed on libuv's threads, four files at a time,
 * so the start can say how far it has got while it runs (brotli at quality 11 is seconds of CPU).
 */
export async function precompress(
  dir: string,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ files: number; bytes: number; brotli: number; gzip: number }> {
  const files = compressibleFiles(dir);
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  onProgress(0, files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const full = files[next++]!;
      const content = await readFile(full);
      const [brotli, gzipped] = await Promise.all([
        brotliAsync(content, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${full}.br`, brotli), writeFile(`${full}.gz`, gzipped)]);
      totals.files += 1;
      totals.bytes += content.length;
      totals.brotli += brotli.length;
      totals.gzip += gzipped.length;
      onProgress(totals.files, files.length);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return totals;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function compressibleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // .vite/manifest.json is for the tooling, not served
      return entry.name.startsWith('.') ? [] : compressibleFiles(full);
    }
    return COMPRESSIBLE.test(entry.name) ? [full] : [];
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildClient({ force: process.argv.includes('--force') });
}
