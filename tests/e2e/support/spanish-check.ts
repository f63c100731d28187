import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { LANGUAGE_COOKIE } from '@core/language';

/**
 * "No English hole in a Spanish page" (decision 228): what a reader of a Spanish page sees — its text,
 * the labels, placeholders, titles and alternative texts of what is on screen, and its <title> — holds
 * no English text from the catalogs and none of a few English function words.
 */

type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(name, value);
    else flatten(value, name, into);
  }
  return into;
}

function read(language: string, namespace: string): Map<string, string> {
  const file = path.join(import.meta.dirname, '../../../src/locales', language, `${namespace}.json`);
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as Catalog);
}

/** A Spanish text of the catalogs, to find what a Spanish page shows by its words. */
export function spanish(namespace: 'common' | 'app', key: string): string {
  const text = read('es', namespace).get(key);
  if (text === undefined) throw new Error(`no es ${namespace}:${key}`);
  return text;
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const words = (text: string) => text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text as a whole-word, case-insensitive pattern (CSS may upper-case what it shows). */
const wholeWords = (text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(text).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu');

/**
 * Checked as whole words in any case. Not "no": Spanish writes it too ("no se cobra").
 */
const FUNCTION_WORDS = [
  'the',
  'your',
  'with',
  'and',
  'you',
  'this',
  'will',
  'orders',
  'order',
  'event',
  'events',
  'goal',
  'pickup',
  'please',
  'not',
];

export interface Needle {
  /** The English text looked for. */
  text: string;
  /** Where it comes from (`common:eventPage.fundingProgress`, or `word`). */
  source: string;
  pattern: RegExp;
}

/**
 * Every English text of the web's catalogs (common, app) whose Spanish differs, in its literal pieces
 * of two words or more (an interpolated value is anything), plus the function words.
 */
export function englishNeedles(): Needle[] {
  const pieces = new Map<string, string>();
  for (const namespace of ['common', 'app']) {
    const english = read('en', namespace);
    const spanish = read('es', namespace);
    for (const [key, text] of english) {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const translated = spanish.get(key) ?? spanish.get(`${base}_other`) ?? spanish.get(base);
      if (translated !== undefined && normalize(translated) === normalize(text)) continue;
      for (const raw of text.split(/\{\{[^}]*\}\}/)) {
        // Punctuation at a piece's ends is not what a reader's eye matches on.
        const piece = normalize(raw).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
        if (words(piece).length < 2 || pieces.has(piece)) continue;
        pieces.set(piece, `${namespace}:${key}`);
      }
    }
  }
  const needles = [...pieces].map(([text, source]) => ({ text, source, pattern: wholeWords(text) }));
  for (const word of FUNCTION_WORDS) needles.push({ text: word, source: 'word', pattern: wholeWords(word) });
  return needles;
}

/** A text a reader may see in English on a Spanish page, and why that is right (for now). */
export interface Allowed {
  /** A text, or a pattern with the `g` flag (every occurrence is left out). */
  text: string | RegExp;
  why: string;
}

/** What a reader sees: the page's text, the labels and such of its visible elements, its title. */
export async function readerText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

/** Each English text found, with a little of what surrounds it. */
export function englishIn(text: string, needles: Needle[], allowed: Allowed[]): string[] {
  let visible = normalize(text);
  for (const { text: allowedText } of allowed)
    visible = visible.replace(
      typeof allowedText === 'string' ? new RegExp(escape(allowedText), 'giu') : allowedText,
      ' ⋯ ',
    );
  const found: string[] = [];
  for (const needle of needles) {
    const match = needle.pattern.exec(visible);
    if (!match) continue;
    const around = visible.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40);
    found.push(`"${needle.text}" (${needle.source}) in "…${around}…"`);
  }
  return found;
}

/** A browser profile that chose Spanish in the header's switcher (the `lang` cookie). */
export async function chooseSpanish(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'es', url }]);
}

/**
 * The holes found on the pages one test visits. `check` waits for the page to settle — its anchor
 * shown, the sections below the fold drawn, nothing still loading, its words no longer changing —
 * then notes each English text; `expectNone` fails with every page's list.
 */
export class SpanishPages {
  private readonly holes: string[] = [];

  constructor(
    private readonly needles: Needle[],
    private readonly allowed: Allowed[],
  ) {}

  async check(page: Page, label: string, anchor: Locator): Promise<void> {
    await anchor.filter({ visible: true }).first().waitFor();
    // Sections below the fold are drawn near the screen or at a key (decision 232).
    await page.keyboard.press('Shift');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    let last = '';
    await expect
      .poll(
        async () => {
          const text = await readerText(page);
          // A clock's seconds tick; what is still loading says so.
          const now = text.replace(/\d+/g, '#');
          const settled = now === last && !/Cargando/.test(text);
          last = now;
          return settled;
        },
        { message: `${label} settles` },
      )
      .toBe(true);
    // SPANISH_DUMP=1 prints what each page showed, to look for English the lists do not name.
    if (process.env.SPANISH_DUMP) console.log(`== ${label}\n${await readerText(page)}`);
    for (const hole of englishIn(await readerText(page), this.needles, this.allowed))
      this.holes.push(`${label} (${new URL(page.url()).pathname}): ${hole}`);
  }

  expectNone(): void {
    expect(this.holes, `English on Spanish pages:\n${this.holes.join('\n')}`).toEqual([]);
  }
}
