// Plain JavaScript on purpose: `npm start` (scripts/start.js) decides with it whether anything must be
// built before it loads a TypeScript compiler at all (decision 092).
/* global URL */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The web client: Vite's output and what it is built from. */
export const CLIENT_BUILD = {
  stamp: 'dist/web/.build-stamp',
  outputs: ['dist/web/index.html', 'dist/ssr/entry-server.js'],
  inputs: [
    'src/web',
    'src/core',
    'src/contract',
    'vite.config.ts',
    'package-lock.json',
    'scripts/build-client.ts',
  ],
};

/** The server compiled into one file (scripts/build-server.ts). */
export const SERVER_BUILD = {
  stamp: 'dist/server/.build-stamp',
  outputs: ['dist/server/main.js', 'dist/server/start-server.js'],
  inputs: [
    'src/server',
    'src/core',
    'src/contract',
    'tsconfig.json',
    'package-lock.json',
    'scripts/build-server.ts',
  ],
};

function newestMtime(target) {
  const full = path.join(ROOT, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when a build's output is missing or older than any of its inputs. */
export function isStale(build) {
  const stamp = path.join(ROOT, build.stamp);
  if (!existsSync(stamp) || build.outputs.some((output) => !existsSync(path.join(ROOT, output)))) return true;
  const built = statSync(stamp).mtimeMs;
  return build.inputs.some((input) => newestMtime(input) > built);
}
