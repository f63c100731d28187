import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root (where package.json is), found by walking up from this file: the same answer
 * whether the server runs from its sources (tsx, tests) or compiled into one file in dist/server
 * (npm start, decision 092), where every module shares the bundle's own URL.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository, e.g. `fromRoot('dist/web')`. */
export const fromRoot = (relative: string): string => path.join(PROJECT_ROOT, relative);
