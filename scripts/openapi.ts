/**
 * `npm run openapi`: writes the API's OpenAPI document as the server serves it to openapi/openapi.json,
 * and the web client's types generated from it to src/web/lib/api-schema.d.ts. Run it after changing a
 * route or a contract (src/contract); tests/integration/openapi-spec.test.ts fails while either is stale.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openScratchDatabase } from '../src/server/db/scratch-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SPEC_FILE = path.join(root, 'openapi/openapi.json');
export const TYPES_FILE = path.join(root, 'src/web/lib/api-schema.d.ts');
export const REGENERATE = 'npm run openapi';

/**
 * The document as GET /api/openapi.json serves it from an app with every route registered (the
 * payment simulator's and the share pages' included), on a throw-away embedded database.
 */
export async function servedDocument(): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
  await writeFile(path.join(dataDir, 'index.html'), '<!doctype html><title>Food trucks</title>');
  const database = await openScratchDatabase(undefined);
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'openapi-document-openapi-document-0123',
      LOG_LEVEL: 'silent',
      RECONCILER_INTERVAL_MS: '0',
    });
    const app = await buildApp(config, { database, serveClient: true, clientDir: dataDir });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The checked-in form: two-space JSON with a final newline (what Prettier leaves as it is). */
export function specText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The TypeScript the web client is typed with, generated from the document. */
export async function typesText(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
    rootTypes: false,
  });
  return (
    `// Generated from openapi/openapi.json by \`${REGENERATE}\`. Do not edit.\n` +
    `/* eslint-disable */\n` +
    astToString(ast)
  );
}

async function main(): Promise<void> {
  const document = await servedDocument();
  await writeFile(SPEC_FILE, specText(document));
  await writeFile(TYPES_FILE, await typesText(document));
  console.log(`wrote ${path.relative(root, SPEC_FILE)} and ${path.relative(root, TYPES_FILE)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
