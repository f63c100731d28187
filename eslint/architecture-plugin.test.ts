import { ESLint } from 'eslint';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Lints small files as if they lived at the given paths, with the repository's own configuration,
// and asserts which rules fire.
const root = path.resolve(import.meta.dirname, '..');

// The layer rules read only import paths: no TypeScript program is built for them.
const untyped = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/lint-fixture.ts', '**/lint-fixture.routes.ts', '**/lint-fixture-routes.ts'],
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

// The promise rules need types. Their fixture is written into eslint/fixtures, whose own tsconfig.json
// holds only the standard library: its program builds in a second, not the repository's in 20.
const typed = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['eslint/fixtures/lint-fixture.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
    },
  },
});

async function rulesFiredFor(filePath: string, code: string, eslint = untyped): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** The promise rules' fixture is written to disk, so its folder's small program includes it. */
async function promiseRulesFiredFor(code: string): Promise<string[]> {
  const file = path.join(root, 'eslint/fixtures/lint-fixture.ts');
  writeFileSync(file, code);
  try {
    return await rulesFiredFor('eslint/fixtures/lint-fixture.ts', code, typed);
  } finally {
    rmSync(file, { force: true });
  }
}

// A busy machine can take seconds to load the parser and build the promise rules' small program.
describe('lint guards the layout', { timeout: 30_000 }, () => {
  it('refuses a web file importing server code, types included', async () => {
    const fired = await rulesFiredFor(
      'src/web/features/events/lint-fixture.ts',
      "import type { EventDto } from '../../../server/events/event-dto';\nexport type X = EventDto;\n",
    );
    expect(fired).toContain('architecture/layers');
  });

  it('refuses a feature importing another feature', async () => {
    const fired = await rulesFiredFor(
      'src/web/features/chat/lint-fixture.ts',
      "import { useUser } from '../auth/api/get-user';\nexport const hook = useUser;\n",
    );
    expect(fired).toContain('architecture/layers');
  });

  it('lets a feature import its own files, shared components and core', async () => {
    const fired = await rulesFiredFor(
      'src/web/features/chat/lint-fixture.ts',
      [
        "import { ChatComposer } from './components/chat-composer';",
        "import { Button } from '../../components/ui/button';",
        "import { centsToDecimal } from '@core/money';",
        'export const used = [ChatComposer, Button, centsToDecimal];',
        '',
      ].join('\n'),
    );
    expect(fired).toEqual([]);
  });

  it('refuses I/O and server code in the domain', async () => {
    const node = await rulesFiredFor(
      'src/core/lint-fixture.ts',
      "import { readFile } from 'fs';\nexport { readFile };\n",
    );
    expect(node).toContain('no-restricted-imports');
    const server = await rulesFiredFor(
      'src/core/lint-fixture.ts',
      "import { loadConfig } from '../server/config';\nexport { loadConfig };\n",
    );
    expect(server).toContain('architecture/layers');
  });

  it('refuses a server feature importing another feature’s routes', async () => {
    const fired = await rulesFiredFor(
      'src/server/orders/lint-fixture.ts',
      "import { eventRoutes } from '../events/events.routes';\nexport { eventRoutes };\n",
    );
    expect(fired).toContain('architecture/layers');
  });

  it('keeps orders and events apart, and the engine free of features', async () => {
    const ordersToEvents = await rulesFiredFor(
      'src/server/orders/lint-fixture.ts',
      "export { findEvent } from '../events/event-queries';\n",
    );
    const eventsToOrders = await rulesFiredFor(
      'src/server/events/lint-fixture.ts',
      "export { findOrder } from '../orders/order-queries';\n",
    );
    const engineToFeature = await rulesFiredFor(
      'src/server/engine/lint-fixture.ts',
      "export { findOrder } from '../orders/order-queries';\n",
    );
    const bothToEngine = await rulesFiredFor(
      'src/server/orders/lint-fixture.ts',
      "export { transitionOrder } from '../engine/order-engine';\nexport { writeTransitionLog } from '../engine/transition-log';\n",
    );
    expect(ordersToEvents).toEqual(['architecture/layers']);
    expect(eventsToOrders).toEqual(['architecture/layers']);
    expect(engineToFeature).toEqual(['architecture/layers']);
    expect(bothToEngine).toEqual([]);
  });

  it('refuses a use case speaking HTTP: only routes and src/server/http import the HTTP errors', async () => {
    const httpError =
      "import { conflict } from '../http/errors';\nexport const refuse = () => conflict('No');\n";
    expect(await rulesFiredFor('src/server/orders/lint-fixture.ts', httpError)).toContain(
      'architecture/layers',
    );
    const aliased = "import { HttpError } from '@server/http/errors';\nexport { HttpError };\n";
    expect(await rulesFiredFor('src/server/events/lint-fixture.ts', aliased)).toContain(
      'architecture/layers',
    );
    // The use case names its refusal instead; the route and the edge may still answer in statuses.
    const domain =
      "import { DomainError } from '../domain-error';\nexport const refuse = () => new DomainError('event_not_found', 'Event not found');\n";
    expect(await rulesFiredFor('src/server/orders/lint-fixture.ts', domain)).toEqual([]);
    expect(await rulesFiredFor('src/server/orders/lint-fixture.routes.ts', httpError)).toEqual([]);
    expect(
      await rulesFiredFor('src/server/http/lint-fixture.ts', httpError.replace('../http/', './')),
    ).toEqual([]);
  });

  it('refuses a route file importing a table or the query builder: queries live in query modules', async () => {
    const table = "import { events } from '../db/schema';\nexport { events };\n";
    expect(await rulesFiredFor('src/server/events/lint-fixture.routes.ts', table)).toContain(
      'architecture/layers',
    );
    // The schema is a folder of modules: one of them is a table too.
    const tableModule = "import { events } from '../db/schema/events';\nexport { events };\n";
    expect(await rulesFiredFor('src/server/events/lint-fixture.routes.ts', tableModule)).toContain(
      'architecture/layers',
    );
    const builder = "import { eq } from 'drizzle-orm';\nexport { eq };\n";
    expect(await rulesFiredFor('src/server/events/lint-fixture.routes.ts', builder)).toContain(
      'architecture/layers',
    );
    const pgCore = "import { alias } from 'drizzle-orm/pg-core';\nexport { alias };\n";
    expect(await rulesFiredFor('src/server/adapters/payments/lint-fixture-routes.ts', pgCore)).toContain(
      'architecture/layers',
    );
    // The feature's query module is where they belong, and the route imports that.
    expect(await rulesFiredFor('src/server/events/lint-fixture.ts', table)).toEqual([]);
    const queries = "import { findEvent } from './event-queries';\nexport { findEvent };\n";
    expect(await rulesFiredFor('src/server/events/lint-fixture.routes.ts', queries)).toEqual([]);
  });

  it('refuses climbing three levels up, where an alias names the layer', async () => {
    const deep = "import { centsToDecimal } from '../../../core/money';\nexport { centsToDecimal };\n";
    expect(await rulesFiredFor('src/web/lib/lint-fixture.ts', deep)).toContain(
      'architecture/no-deep-relative',
    );
    const aliased = "import { centsToDecimal } from '@core/money';\nexport { centsToDecimal };\n";
    expect(await rulesFiredFor('src/web/lib/lint-fixture.ts', aliased)).toEqual([]);
    // An alias does not hide a layer breach: web still may not reach into the server.
    const breach = "import type { AppConfig } from '@server/config';\nexport type Config = AppConfig;\n";
    expect(await rulesFiredFor('src/web/lib/lint-fixture.ts', breach)).toContain('architecture/layers');
  });

  it('refuses a floating promise and a promise where nothing awaits it', async () => {
    const floating = await promiseRulesFiredFor(
      'async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n',
    );
    expect(floating).toContain('@typescript-eslint/no-floating-promises');

    const detached = await promiseRulesFiredFor(
      'async function save(): Promise<void> {}\nexport function run(): void {\n  void save();\n}\n',
    );
    expect(detached).toEqual([]);

    const misused = await promiseRulesFiredFor(
      'export function run(items: number[]): void {\n  items.forEach(async () => {});\n}\n',
    );
    expect(misused).toContain('@typescript-eslint/no-misused-promises');
  });
});
