// npm run decisions: writes docs/decisions/README.md, the index of every decision record, grouped by topic,
// from each record's first heading and its "Status:" paragraph. A record's topic is its own "Topic:" line,
// else the one docs/decisions/topics.json lists it under, else Other. A record that a later one supersedes
// or replaces (or whose own status says it is superseded) is struck through; "amended by" names the later
// records to read with it. scripts/decision-index.test.ts fails when the index is stale, so a new record
// is listed by running this once.
/* global process */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');

/** Status verbs, each as the relation it names: what this record does to another, or has had done to it. */
const VERBS = [
  ['superseded by', 'superseded by'],
  ['replaced by', 'superseded by'],
  ['amended by', 'amended by'],
  ['refined by', 'amended by'],
  ['extended by', 'extended by'],
  ['supersedes', 'supersedes'],
  ['replaces', 'supersedes'],
  ['amends', 'amends'],
  ['refines', 'amends'],
  ['extends', 'extends'],
  ['builds on', 'extends'],
];
const VERB = new RegExp(`\\b(${VERBS.map(([verb]) => verb).join('|')})\\b`, 'gi');
const RELATION_OF = new Map(VERBS);
/** What a record's relation reads as on the record it points at. */
const INVERSE = {
  supersedes: 'superseded by',
  amends: 'amended by',
  extends: 'extended by',
};

/**
 * The record's "Status:" paragraph (or "- Status:" bullet), its continuation lines joined, with links
 * reduced to their text, code spans dropped and every parenthesis that is not itself a relation
 * ("(refines 006)") dropped, so a remark such as "(the count's cap of 10,000)" is not read as a record.
 */
function statusText(lines) {
  const start = lines.findIndex((line) => /^(-\s*)?status:/i.test(line.trim()));
  if (start < 0) return 'accepted';
  const parts = [lines[start].trim().replace(/^(-\s*)?status:\s*/i, '')];
  for (const line of lines.slice(start + 1)) {
    const text = line.trim();
    if (text === '' || text.startsWith('#') || text.startsWith('- ') || /^[A-Z][\w ]*:(\s|$)/.test(text))
      break;
    parts.push(text);
  }
  let text = parts
    .join(' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`[^`]*`/g, '');
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/\(([^()]*)\)/g, (_, inner) => (inner.match(VERB) ? ` ${inner} ` : ' '));
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The relations a status names: each verb with the record numbers of its clause (up to the next verb, a
 * ";" or the sentence's end). A number after "… of" ("supersedes the splitting rules of 032") is a part
 * of that record, not all of it.
 */
function relationsOf(status) {
  const found = [];
  const verbs = [...status.matchAll(VERB)];
  verbs.forEach((match, i) => {
    const from = match.index + match[0].length;
    const to = i + 1 < verbs.length ? verbs[i + 1].index : status.length;
    const clause = status.slice(from, to).split(/;|\.(?:\s|$)/)[0];
    const numbers = [...clause.matchAll(/(?<![\d.]|\d,)(\d{3})(?!\d|,\d)/g)];
    if (numbers.length === 0) return;
    const partly = /\bof\b/i.test(clause.slice(0, numbers[0].index));
    for (const [, number] of numbers) {
      found.push({ relation: RELATION_OF.get(match[1].toLowerCase()), number, partly });
    }
  });
  return found;
}

/** The topics of `dir/topics.json` (none when it is missing), and the topic each record number is listed under. */
function readTopics(dir) {
  const file = join(dir, 'topics.json');
  const topics = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).topics : [];
  const byNumber = new Map();
  for (const topic of topics) {
    for (const number of topic.records ?? []) if (!byNumber.has(number)) byNumber.set(number, topic.id);
  }
  return { topics, byNumber };
}

/** A record's own "Topic:" line, matched to a topic by its id or its title; undefined when none matches. */
function ownTopic(lines, topics) {
  const line = lines.find((text) => /^(-\s*)?topic:/i.test(text.trim()));
  if (!line) return undefined;
  const wanted = line
    .trim()
    .replace(/^(-\s*)?topic:\s*/i, '')
    .replace(/[.`]/g, '')
    .trim()
    .toLowerCase();
  return topics.find((topic) => topic.id.toLowerCase() === wanted || topic.title.toLowerCase() === wanted)
    ?.id;
}

function listNumbers(numbers) {
  return [...new Set(numbers)].sort().join(', ');
}

/** The index's text for the records in `dir`, grouped by the topics of `dir/topics.json`. */
export function decisionIndex(dir = folder) {
  const { topics, byNumber } = readTopics(dir);
  const records = readdirSync(dir)
    .filter((name) => /^\d{3}-.*\.md$/.test(name))
    .sort()
    .map((name) => {
      const lines = readFileSync(join(dir, name), 'utf8').split('\n');
      const number = name.slice(0, 3);
      const title = (lines.find((line) => line.startsWith('# ')) ?? name).replace(/^#\s*\d*\s*/, '');
      const status = statusText(lines);
      const state = status.split(/[.;·,(]| by | on | since /)[0].trim() || 'accepted';
      return {
        name,
        number,
        title,
        state,
        relations: relationsOf(status),
        topic: ownTopic(lines, topics) ?? byNumber.get(number) ?? 'other',
      };
    });

  // What later records say of earlier ones, read on the earlier one; and what a record says of itself.
  const said = new Map(records.map((record) => [record.number, []]));
  for (const record of records) {
    for (const { relation, number, partly } of record.relations) {
      if (relation in INVERSE)
        said.get(number)?.push({ relation: INVERSE[relation], number: record.number, partly });
      else
        said
          .get(record.number)
          .push({ relation, number, partly: partly || !/^superseded/i.test(record.state) });
    }
  }

  const line = (record) => {
    const told = said.get(record.number);
    const own = record.relations.filter(({ relation }) => relation in INVERSE);
    const whole = told.filter(({ relation, partly }) => relation === 'superseded by' && !partly);
    const partOnly = told.filter(({ relation, partly }) => relation === 'superseded by' && partly);
    const notes = [];
    // A status that says superseded (or replaced) without naming by what is struck through all the same.
    const gone = whole.length > 0 || /^(superseded|replaced)\b/i.test(record.state);
    if (whole.length > 0) notes.push(`**superseded by ${listNumbers(whole.map(({ number }) => number))}**`);
    else notes.push(gone ? `**${record.state}**` : record.state);
    for (const verb of ['supersedes', 'amends', 'extends']) {
      const whom = own.filter(({ relation }) => relation === verb);
      if (whom.length === 0) continue;
      const partly = whom.every(({ partly }) => partly) && verb === 'supersedes' ? 'partly ' : '';
      notes.push(`${partly}${verb} ${listNumbers(whom.map(({ number }) => number))}`);
    }
    if (partOnly.length > 0) {
      notes.push(`**partly superseded by ${listNumbers(partOnly.map(({ number }) => number))}**`);
    }
    for (const verb of ['amended by', 'extended by']) {
      const by = told.filter(({ relation }) => relation === verb);
      if (by.length > 0) notes.push(`${verb} ${listNumbers(by.map(({ number }) => number))}`);
    }
    const link = `[${record.number}](${record.name}) ${record.title}`;
    return `- ${gone ? `~~${link}~~` : link} (${notes.join('; ')})`;
  };

  const groups = [...topics, { id: 'other', title: 'Other' }]
    .map((topic) => ({ topic, members: records.filter((record) => record.topic === topic.id) }))
    .filter(({ members }) => members.length > 0);
  const pages = topics
    .filter((topic) => topic.page)
    .map((topic) => `[${topic.title.toLowerCase()}](${topic.page})`);

  return [
    '# Decisions',
    '',
    'Every choice the code cannot explain by itself is recorded here, one file each, numbered in the order it was',
    'made: why it was chosen, at that moment.',
    ...(pages.length > 0
      ? [
          `How each part works now is told by the topic pages (${pages.join(', ')}), which link the records behind them.`,
        ]
      : []),
    '',
    'A later record amends or supersedes an earlier one and says so on its `Status:` line; the earlier one stays as it',
    'was. Here a superseded record is ~~struck through~~ with the record that replaced it, a record replaced only in',
    'part says which one did, and "amended by" names the later records to read with it.',
    '',
    'This index is generated: run `npm run decisions` after adding a record. A new record copies',
    '[template.md](template.md) and takes the next free number; its topic is its own `Topic:` line (a topic id of',
    '[topics.json](topics.json)), else the topic `topics.json` lists it under, else Other.',
    ...groups.flatMap(({ topic, members }) => [
      '',
      `## ${topic.title}`,
      '',
      ...(topic.page ? [`How it works now: [${topic.page.replace(/^\.\.\//, '')}](${topic.page}).`, ''] : []),
      ...members.map(line),
    ]),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(folder, 'README.md'), decisionIndex());
  process.stdout.write(`Wrote docs/decisions/README.md\n`);
}
