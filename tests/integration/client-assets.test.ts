import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { openTestDatabase, testConfig } from '../support/test-app';

/**
 * How the built client is served (decision 090): the precompressed copy the browser accepts, hashed
 * assets cached for a year, index.html and unhashed files revalidated, no source maps, no manifest.
 */
let database: Database;
let app: FastifyInstance;
let clientDir: string;

const SCRIPT = `console.log(${JSON.stringify('food trucks '.repeat(200))});`;
const INDEX =
  '<!doctype html><html><head><title>Food Truck Fund</title></head><body><div id="root"></div></body></html>';

async function writeWithVariants(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = await mkdtemp(path.join(tmpdir(), 'client-assets-'));
  await mkdir(path.join(clientDir, 'assets'));
  await mkdir(path.join(clientDir, '.vite'));
  await writeWithVariants(path.join(clientDir, 'index.html'), INDEX);
  await writeWithVariants(path.join(clientDir, 'assets', 'index-AbCd12_-.js'), SCRIPT);
  await writeFile(path.join(clientDir, 'assets', 'index-AbCd12_-.js.map'), '{"version":3}');
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbCd12_-.js', isEntry: true, imports: ['_react-Re12Ab34.js'] },
      '_react-Re12Ab34.js': { file: 'assets/react-Re12Ab34.js' },
      'pages/public-event-page.tsx': {
        file: 'assets/public-event-page-Ev12Ab34.js',
        imports: ['index.html', '_react-Re12Ab34.js', '_money-Mo12Ab34.js'],
      },
      '_money-Mo12Ab34.js': { file: 'assets/money-Mo12Ab34.js' },
      'pages/landing-page.tsx': {
        file: 'assets/landing-page-La12Ab34.js',
        imports: ['index.html', '_react-Re12Ab34.js'],
      },
    }),
  );
  app = await buildApp(testConfig(), { database, serveClient: true, clientDir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

const script = '/assets/index-AbCd12_-.js';

describe('the built client', () => {
  it('sends the brotli copy to a browser that accepts brotli, cached for a year', async () => {
    const res = await app.inject({ url: script, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await app.inject({ url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await app.inject({ url: script, headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.payload).toBe(SCRIPT);
  });

  it('revalidates index.html on every client route, compressed too', async () => {
    for (const url of ['/how-it-works', '/my-events', '/events/public']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('announces the landing page’s chunk in the HTML of `/` only, compressed and revalidated', async () => {
    const res = await app.inject({ url: '/?ref=poster', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-page-La12Ab34.js">');
    expect(html).not.toContain('href="/assets/react-Re12Ab34.js"');
    const other = await app.inject({ url: '/how-it-works' });
    expect(other.payload).not.toContain('landing-page');
  });

  it('answers an address the app has no page for with 404, and the app, which says "Page Not Found"', async () => {
    for (const url of ['/nope', '/trucks/1/menu', '/my-events/3/delete?x=1', '/events/public/x/y']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.payload, url).toBe(INDEX);
    }
    for (const url of ['/trucks/1', '/my-events/3/edit', '/bookings/2/day?tab=x', '/reset-password'])
      expect((await app.inject({ url })).statusCode, url).toBe(200);
  });

  it('revalidates files whose name carries no hash', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('announces the event page’s own chunks in its HTML, compressed, so they load with the first script', async () => {
    const res = await app.inject({
      url: '/events/public/424242',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    // No event 424242: the page that says so, with a status that says so too.
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/public-event-page-Ev12Ab34.js">',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/money-Mo12Ab34.js">');
    // Already part of the first script's own preloads: not announced twice.
    expect(html).not.toContain('href="/assets/react-Re12Ab34.js"');
    const plain = await app.inject({ url: '/events/public/424242' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(html);
  });

  it('serves neither source maps nor the build manifest', async () => {
    expect((await app.inject({ url: `${script}.map` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});
