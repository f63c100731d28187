import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`dist/web/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
export type ClientManifest = Record<string, ManifestChunk>;

/** The build's manifest, or null when the client was built without one (or not at all). */
export function readClientManifest(clientDir: string): ClientManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ClientManifest;
  } catch {
    return null;
  }
}

/**
 * The files (relative to the client's root) a browser must fetch before `sources` can run: each
 * source's chunk and everything it imports statically, transitively. Dynamic imports are left out;
 * they arrive when the code asks for them. `sources` are paths relative to `src/web`, e.g.
 * `index.html` or `pages/public-event-page.tsx`.
 */
export function staticChunks(manifest: ClientManifest, sources: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { js: [...js], css: [...css] };
}

/**
 * `index.html` with `<link rel="modulepreload">` for the chunks a lazily loaded page needs beyond the
 * first script, so the browser fetches them alongside it instead of after it has run (one round trip
 * less before the page shows). Unchanged when the build has no manifest.
 */
export function withPagePreloads(html: string, manifest: ClientManifest | null, source: string): string {
  if (!manifest) return html;
  const firstChunks = staticChunks(manifest, ['index.html']);
  const first = new Set([...firstChunks.js, ...firstChunks.css]);
  const page = staticChunks(manifest, [source]);
  const tags = [
    ...page.js
      .filter((file) => !first.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...page.css
      .filter((file) => !first.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  return tags.length ? html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`) : html;
}
