// npm run decisions: writes docs/decisions/README.md, the index of every decision record, from each
// record's first heading and its "Status:" line. tests/integration/docs.test.ts fails when the index is
// stale, so a new record is listed by running this once.
/* global process */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');

/** The index's text for the records in `folder`. */
export function decisionIndex(dir = folder) {
  const rows = readdirSync(dir)
    .filter((name) => /^\d{3}-.*\.md$/.test(name))
    .sort()
    .map((name) => {
      const lines = readFileSync(join(dir, name), 'utf8').split('\n');
      const title = (lines.find((line) => line.startsWith('# ')) ?? name).replace(/^#\s*\d*\s*/, '');
      const line = (lines.find((text) => /^status:/i.test(text)) ?? 'Status: accepted').replace(
        /^status:\s*/i,
        '',
      );
      const state = line.split(/[.;·,(]| by | on /)[0].trim();
      const relations = [...line.matchAll(/(amends|supersedes|superseded by|extends)\s+\[?(\d{3})/gi)].map(
        ([, verb, number]) => `${verb.toLowerCase()} ${number}`,
      );
      const parts = relations.some((relation) => relation.startsWith(state))
        ? relations
        : [state, ...relations];
      const status = [...new Set(parts)].join(', ');
      return `- [${name.slice(0, 3)}](${name}) ${title} (${status})`;
    });
  return [
    '# Decisions',
    '',
    'Every choice the code cannot explain by itself is recorded here, one file each, numbered in the order it was',
    'made. A later record amends or supersedes an earlier one and says so on its `Status:` line; the earlier one',
    'stays, so the reasoning can be followed. This index is generated: run `npm run decisions` after adding a record.',
    '',
    'A new record copies [template.md](template.md) and takes the next free number.',
    '',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(folder, 'README.md'), decisionIndex());
  process.stdout.write(`Wrote docs/decisions/README.md\n`);
}
