import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = path.join(root, 'dist/web/.build-stamp');
const inputs = ['src/web', 'src/core', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/web is missing or older than any client source. */
export function isClientStale(): boolean {
  if (!existsSync(stampFile) || !existsSync(path.join(root, 'dist/web/index.html'))) return true;
  const built = statSync(stampFile).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

export async function buildClient(options: { force?: boolean; quiet?: boolean } = {}): Promise<boolean> {
  if (!options.force && !isClientStale()) return false;
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
  });
  if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previousNodeEnv;
  writeFileSync(stampFile, new Date().toISOString());
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildClient({ force: process.argv.includes('--force') });
}
