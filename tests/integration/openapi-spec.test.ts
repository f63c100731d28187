import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { lint, loadConfig } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REGENERATE,
  servedDocument,
  SPEC_FILE,
  specText,
  TYPES_FILE,
  typesText,
} from '../../scripts/openapi';

/**
 * The API's description is checked in (openapi/openapi.json) with the web client's types generated from
 * it (src/web/lib/api-schema.d.ts): these fail when the served document drifts from them, when an
 * operation has no name, and when the OpenAPI linter finds an error.
 */
type Operation = { operationId?: string; summary?: string; security?: Record<string, string[]>[] };
type Document = { paths: Record<string, Record<string, Operation>> };

const STALE = `is stale: run \`${REGENERATE}\` and commit openapi/openapi.json and src/web/lib/api-schema.d.ts`;
let served: unknown;

beforeAll(async () => {
  served = await servedDocument();
}, 60_000);

describe('the checked-in API description', () => {
  it('is the document the server serves', async () => {
    const checkedIn = await readFile(SPEC_FILE, 'utf8');
    expect(checkedIn === specText(served), `openapi/openapi.json ${STALE}`).toBe(true);
  });

  it("is what the web client's types were generated from", async () => {
    const checkedIn = await readFile(TYPES_FILE, 'utf8');
    expect(checkedIn === (await typesText(served)), `src/web/lib/api-schema.d.ts ${STALE}`).toBe(true);
  });

  it('names and summarizes every operation, each name once', () => {
    const ids: string[] = [];
    const unnamed: string[] = [];
    const unsummarized: string[] = [];
    for (const [url, operations] of Object.entries((served as Document).paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (op.operationId) ids.push(op.operationId);
        else unnamed.push(`${method.toUpperCase()} ${url}`);
        if (!op.summary?.trim()) unsummarized.push(`${method.toUpperCase()} ${url}`);
      }
    }
    const where = "in the route's schema (routeSchema({ operationId, summary, ... }) in its *.routes.ts)";
    expect(unnamed, `give these routes an operationId ${where}`).toEqual([]);
    expect(unsummarized, `give these routes a summary ${where}`).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.length).toBeGreaterThanOrEqual(90);
    expect(ids).toContain('createOrder');
  });

  it('has 0 errors from the OpenAPI linter (redocly.yaml)', async () => {
    const root = path.dirname(path.dirname(SPEC_FILE));
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    const problems = await lint({ ref: SPEC_FILE, config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  }, 30_000);
});
