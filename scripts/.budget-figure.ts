import { mkdtemp, rm } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readClientManifest, staticChunks } from '../src/server/http/client-manifest';
import { buildClient } from './build-client';

const outDir = await mkdtemp(path.join(tmpdir(), 'budget-'));
await buildClient({ quiet: true, outDir });
const manifest = readClientManifest(outDir)!;
for (const entry of ['pages/public-event-page.tsx', 'pages/landing-page.tsx']) {
  const { js } = staticChunks(manifest, ['index.html', entry]);
  const bytes = js.reduce((s, f) => s + statSync(path.join(outDir, `${f}.gz`)).size, 0);
  console.log(entry, bytes, js.map((f) => `${f}:${statSync(path.join(outDir, `${f}.gz`)).size}`).join(' '));
}
await rm(outDir, { recursive: true, force: true });
