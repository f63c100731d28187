import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../contract/error-codes';
import { LANGUAGES } from '../core/language';

/**
 * The catalogs (decision 228): every key of every namespace exists in every language, with the same
 * placeholders, so no page, mail or card shows a key or an English hole in Spanish. The `errors`
 * namespace exists only beside English: an English error's message is the one its code throws.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
type Catalog = { [key: string]: string | Catalog };

function read(language: string, namespace: string): Catalog {
  return JSON.parse(readFileSync(path.join(root, language, `${namespace}.json`), 'utf8')) as Catalog;
}

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(name, value);
    else for (const [inner, text] of flatten(value, name)) flat.set(inner, text);
  }
  return flat;
}

/** A plural's forms differ by language (`_one`, `_other`; Spanish may add `_many`): compared by their base. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const namespaces = readdirSync(path.join(root, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

describe.each(namespaces)('the %s catalog', (namespace) => {
  const english = flatten(read('en', namespace));

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'has every English key in %s and no other',
    (language) => {
      const other = flatten(read(language, namespace));
      const englishKeys = new Set([...english.keys()].map(base));
      const otherKeys = new Set([...other.keys()].map(base));
      expect(
        [...englishKeys].filter((key) => !otherKeys.has(key)),
        'missing',
      ).toEqual([]);
      expect(
        [...otherKeys].filter((key) => !englishKeys.has(key)),
        'not in English',
      ).toEqual([]);
      for (const [key, text] of other) {
        const source = english.get(key) ?? english.get(`${base(key)}_other`) ?? english.get(base(key));
        expect(placeholders(text), `${language} ${namespace}:${key}`).toEqual(placeholders(source ?? ''));
        expect(text.trim(), `${language} ${namespace}:${key} is empty`).not.toBe('');
      }
    },
  );
});

describe('API error messages', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'exist in %s for every error code',
    (language) => {
      const messages = flatten(read(language, 'errors'));
      expect(API_ERROR_CODES.filter((code) => !messages.get(code)?.trim())).toEqual([]);
      expect([...messages.keys()].filter((code) => !(API_ERROR_CODES as string[]).includes(code))).toEqual(
        [],
      );
    },
  );
});
