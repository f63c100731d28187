import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Lints small files as if they lived at the given paths, with the repository's own configuration:
// the web may not decide by an API error's message text (docs/decisions/216).
const root = path.resolve(import.meta.dirname, '..');

// The rule reads syntax alone: no TypeScript program is built for the fixture.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/lint-fixture.ts'],
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

const RULE = 'architecture/no-message-matching';

/** How many times the rule fires on `body`, linted as a file at `filePath`. */
async function matchesIn(
  body: string,
  filePath = 'src/web/features/trucks/lint-fixture.ts',
): Promise<number> {
  const code = `import { ApiError } from '@web/lib/api-client';\ndeclare const error: ApiError;\n${body}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).length;
}

describe('the web decides by error codes, not message text', { timeout: 30_000 }, () => {
  it.each([
    ["export const gone = error.message === 'Food truck not found';"],
    ["export const gone = 'Food truck not found' !== error.message;"],
    ["export const fromServer = !error.message.startsWith('API Error:');"],
    ["export const expired = error?.message.toLowerCase().includes('expired');"],
    ['export const taken = /already taken/i.test(error.message);'],
    ["export const known = ['Not found', 'Gone'].includes(error.message);"],
    ["const { message } = error;\nexport const gone = message == 'Not found';"],
    [
      "export function say(): string {\n  switch (error.message) {\n    case 'Not found':\n      return 'gone';\n    default:\n      return 'other';\n  }\n}",
    ],
  ])('refuses a planted comparison of a message: %s', async (body) => {
    expect(await matchesIn(body)).toBe(1);
  });

  it('lets the web decide by code or status, show the message, and ask whether there is one', async () => {
    const fine = [
      "export const gone = error.code === 'truck_not_found';",
      'export const missing = error.status === 404;',
      'export const shown: string = error.message;',
      'export const said = error.message === undefined ? null : error.message;',
      "export const kinds = ['a', 'b'].includes(error.code ?? '');",
    ].join('\n');
    expect(await matchesIn(fine)).toBe(0);
  });

  it('holds in every web folder, and nowhere else (a server test may check what a person reads)', async () => {
    const planted = "export const gone = error.message === 'Food truck not found';";
    expect(await matchesIn(planted, 'src/web/pages/lint-fixture.ts')).toBe(1);
    expect(await matchesIn(planted, 'src/web/lib/lint-fixture.ts')).toBe(1);
    expect(await matchesIn(planted, 'src/server/trucks/lint-fixture.ts')).toBe(0);
  });
});
