import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Lints small files as if they lived at the given paths, with the repository's own configuration,
// and asserts which rules fire. Nothing is written to disk: the fixtures are not part of tsconfig's
// program, so the type-aware rules see them through the project service's default project.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/lint-fixture.ts'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'src/*/lint-fixture.ts',
            'src/*/*/lint-fixture.ts',
            'src/web/features/*/lint-fixture.ts',
          ],
        },
        tsconfigRootDir: root,
      },
    },
  },
});

async function rulesFiredFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The first lint builds the TypeScript program: seconds on a busy machine.
describe('lint guards the layout', { timeout: 60_000 }, () => {
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
    const floating = await rulesFiredFor(
      'src/server/lint-fixture.ts',
      'async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n',
    );
    expect(floating).toContain('@typescript-eslint/no-floating-promises');

    const detached = await rulesFiredFor(
      'src/server/lint-fixture.ts',
      'async function save(): Promise<void> {}\nexport function run(): void {\n  void save();\n}\n',
    );
    expect(detached).toEqual([]);

    const misused = await rulesFiredFor(
      'src/server/lint-fixture.ts',
      'export function run(items: number[]): void {\n  items.forEach(async () => {});\n}\n',
    );
    expect(misused).toContain('@typescript-eslint/no-misused-promises');
  });
});
