import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_BUILD, isStale, ROOT } from './build-stamp.js';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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
  } = {},
): Promise<boolean> {
  if (!options.force && !options.outDir && !isClientStale()) return false;
  const outDir = options.outDir ?? path.join(root, 'dist/web');
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle: the
  // browser tests must drive what users get.
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  if (!options.quiet) process.stdout.write('Building the web client…\n');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: options.quiet ? 'warn' : 'info',
    ...(options.outDir ? { build: { outDir: options.outDir, emptyOutDir: true } } : {}),
  });
  // The server's copy of the pages it renders into HTML (decision 108): dist/ssr/entry-server.js, its
  // libraries left to node_modules.
  if (!options.outDir) {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: options.quiet ? 'warn' : 'info',
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
  precompress(outDir);
  if (!options.outDir) writeFileSync(stampFile, new Date().toISOString());
  return true;
}

/** Text files a browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to every text file of the
 * build, once, so the server sends them as they are instead of compressing on every request
 * (`@fastify/static` `preCompressed`, decision 090).
 */
export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.')) continue; // .vite/manifest.json is for the tooling, not served
      const inner = precompress(full);
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += inner[key];
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = readFileSync(full);
    const brotli = brotliCompressSync(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: zlib.Z_BEST_COMPRESSION });
    writeFileSync(`${full}.br`, brotli);
    writeFileSync(`${full}.gz`, gzip);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotli += brotli.length;
    totals.gzip += gzip.length;
  }
  return totals;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildClient({ force: process.argv.includes('--force') });
}
