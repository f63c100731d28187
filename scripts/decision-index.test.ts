import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decisionIndex } from './decision-index.js';

const decisions = new URL('../docs/decisions/', import.meta.url);

describe('the decision index', () => {
  it('lists every decision record as it stands (run `npm run decisions` when this fails)', () => {
    const written = readFileSync(new URL('README.md', decisions), 'utf8');
    expect(written).toBe(decisionIndex());
  });

  it('topics.json names only records that exist, each once, and topic pages that exist', () => {
    const { topics } = JSON.parse(readFileSync(new URL('topics.json', decisions), 'utf8')) as {
      topics: Array<{ id: string; title: string; page?: string; records: string[] }>;
    };
    const numbers = new Set(
      readdirSync(decisions)
        .filter((name) => /^\d{3}-.*\.md$/.test(name))
        .map((name) => name.slice(0, 3)),
    );
    const listed = topics.flatMap((topic) => topic.records);
    expect(listed.filter((number) => !numbers.has(number))).toEqual([]);
    expect(listed.filter((number, i) => listed.indexOf(number) !== i)).toEqual([]);
    expect(new Set(topics.map((topic) => topic.id)).size).toBe(topics.length);
    for (const topic of topics.filter((t) => t.page)) {
      expect(() => readFileSync(new URL(topic.page!, decisions)), topic.page).not.toThrow();
    }
  });
});

describe('the decision index of a folder of records', () => {
  let dir: string;
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  const line = (index: string, number: string) =>
    index.split('\n').find((text) => text.includes(`[${number}](`)) ?? '';
  const section = (index: string, title: string) => {
    const start = index.indexOf(`## ${title}\n`);
    if (start < 0) return '';
    const next = index.indexOf('\n## ', start + 1);
    return index.slice(start, next < 0 ? undefined : next);
  };

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function folder() {
    dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    write(
      'topics.json',
      JSON.stringify({
        topics: [
          { id: 'money', title: 'Money', page: '../money.md', records: ['001', '002', '003'] },
          { id: 'security', title: 'Security', records: ['004', '005'] },
        ],
      }),
    );
    write('001-old-rule.md', '# 001 The old rule\n\n- Date: 2026-11-21\n- Status: accepted\n\n## Context\n');
    write(
      '002-new-rule.md',
      '# 002 The new rule\n\nStatus: accepted · 2026-11-22 · supersedes [001](001-old-rule.md) (all of it,\n' +
        'see 999 in passing)\n\nContext: the count was capped at 10,000.\n',
    );
    write(
      '003-a-split.md',
      '# 003 A split\n\nStatus: accepted · 2026-11-23 · amends [002](002-new-rule.md) (how it rounds) and\n' +
        '[004](004-login.md) (its limit; `PUBLIC_URL` now) and replaces the splitting rules of [005](005-x.md)\n',
    );
    write(
      '004-login.md',
      '# 004 Login limits\n\nStatus: superseded by [006](006-throttle.md) on 2026-11-24.\n',
    );
    write(
      '005-x.md',
      '# 005 Screens\n\nStatus: accepted, 2026-11-21; the point about the field is superseded by 006.\n',
    );
    write(
      '006-throttle.md',
      '# 006 Throttling\n\nStatus: accepted, 2026-11-24. Supersedes 004.\nTopic: security\n',
    );
    write('007-no-status.md', '# 007 Written before statuses\n\n## Context\n');
    write('008-unknown-topic.md', '# 008 Something new\n\nStatus: accepted · 2026-12-08\nTopic: gardening\n');
    write('009-withdrawn.md', '# 009 Withdrawn\n\nStatus: superseded · 2026-12-09\n');
    write('README.md', 'not a record\n');
    write('template.md', '# NNN A title\n\nStatus: accepted\n');
    return dir;
  }

  it('groups records by topics.json, a record’s own Topic: line, and Other for the rest', () => {
    const index = decisionIndex(folder());
    expect(section(index, 'Money')).toContain('How it works now: [money.md](../money.md).');
    expect(section(index, 'Money')).toContain('[001](001-old-rule.md)');
    expect(section(index, 'Money')).toContain('[003](003-a-split.md)');
    expect(section(index, 'Security')).toContain('[006](006-throttle.md)');
    expect(section(index, 'Other')).toContain('[007](007-no-status.md) Written before statuses (accepted)');
    expect(section(index, 'Other')).toContain('[008](008-unknown-topic.md) Something new (accepted)');
    expect(index).not.toContain('not a record');
    expect(index).not.toContain('NNN');
    expect(index.match(/^- /gm)).toHaveLength(9);
    expect(index).toContain('[money](../money.md)');
  });

  it('strikes through a record superseded by a later one or by its own status, and names what replaced it', () => {
    const index = decisionIndex(folder());
    expect(line(index, '001')).toBe('- ~~[001](001-old-rule.md) The old rule~~ (**superseded by 002**)');
    expect(line(index, '004')).toBe(
      '- ~~[004](004-login.md) Login limits~~ (**superseded by 006**; amended by 003)',
    );
    expect(line(index, '009')).toBe('- ~~[009](009-withdrawn.md) Withdrawn~~ (**superseded**)');
    expect(line(index, '002')).toBe(
      '- [002](002-new-rule.md) The new rule (accepted; supersedes 001; amended by 003)',
    );
  });

  it('marks a record replaced in part, reads continuation lines, and takes no number from a remark or a figure', () => {
    const index = decisionIndex(folder());
    expect(line(index, '003')).toBe(
      '- [003](003-a-split.md) A split (accepted; partly supersedes 005; amends 002, 004)',
    );
    expect(line(index, '005')).toBe(
      '- [005](005-x.md) Screens (accepted; **partly superseded by 003, 006**)',
    );
    expect(line(index, '006')).toBe('- [006](006-throttle.md) Throttling (accepted; supersedes 004)');
    expect(index).not.toContain('999');
    expect(index).not.toMatch(/\b000\b/);
  });

  it('lists every record under Other when there is no topics.json', () => {
    folder();
    rmSync(join(dir, 'topics.json'));
    const index = decisionIndex(dir);
    expect(index.match(/^## /gm)).toEqual(['## ']);
    expect(section(index, 'Other').match(/^- /gm)).toHaveLength(9);
  });
});
