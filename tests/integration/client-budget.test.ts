import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readClientManifest, staticChunks, type ClientManifest } from '../../src/server/http/client-manifest';
import { buildClient } from '../../scripts/build-client';

/**
 * What the production build ships (decision 091): the script a visitor downloads before `/` or a
 * public event page can be used stays within 120 KB gzip, every text file has its brotli and gzip
 * copy, and no source map is published. A page that starts importing a form library, Zod or a
 * dialog eagerly fails here, before any benchmark runs.
 */
const BUDGET_BYTES = 120_000;
let outDir: string;
let manifest: ClientManifest;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'client-budget-'));
  await buildClient({ quiet: true, outDir });
  manifest = readClientManifest(outDir)!;
}, 120_000);
afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

function gzipBytes(files: string[]): number {
  return files.reduce((sum, file) => sum + statSync(path.join(outDir, `${file}.gz`)).size, 0);
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? allFiles(path.join(dir, entry.name))
      : [path.relative(outDir, path.join(dir, entry.name))],
  );
}

describe('the production client build', () => {
  it('keeps the script needed before `/` can be used within 120 KB gzip', () => {
    // `/` announces the landing page's chunk in its HTML (decision 094): it is part of what `/` needs.
    const { js } = staticChunks(manifest, ['index.html', 'pages/landing-page.tsx']);
    expect(js.some((file) => file.includes('landing-page'))).toBe(true);
    expect(js.length).toBeGreaterThan(0);
    expect(gzipBytes(js)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps the script needed before a public event page can be used within 120 KB gzip', () => {
    const { js } = staticChunks(manifest, ['index.html', 'pages/public-event-page.tsx']);
    expect(js.some((file) => file.includes('public-event-page'))).toBe(true);
    expect(gzipBytes(js)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('leaves the list of common passwords on the server (decision 120)', () => {
    // The browser checks a new password's length; only the server holds the 49,000 passwords.
    const scripts = allFiles(outDir).filter((file) => file.endsWith('.js'));
    const withList = scripts.filter((file) => {
      const text = readFileSync(path.join(outDir, file), 'utf8');
      return text.includes('usuckballz1') || text.includes('zxcvbn');
    });
    expect(scripts.length).toBeGreaterThan(10);
    expect(withList).toEqual([]);
  });

  it('has a brotli and a gzip copy of every script, stylesheet and page, equal to the original', () => {
    const texts = allFiles(outDir).filter((file) => /\.(?:js|css|html)$/.test(file) && !file.startsWith('.'));
    expect(texts.length).toBeGreaterThan(10);
    for (const file of texts) {
      const original = readFileSync(path.join(outDir, file));
      expect(brotliDecompressSync(readFileSync(path.join(outDir, `${file}.br`))).equals(original), file).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(path.join(outDir, `${file}.gz`))).equals(original), file).toBe(true);
    }
  });

  it('publishes no source map', () => {
    const files = allFiles(outDir);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(path.join(outDir, file), 'utf8'), file).not.toContain('sourceMappingURL');
    }
  });
});
