import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as formRules from '@core/form-rules';
import * as auth from '@core/schemas/auth';
import * as checkout from '@core/schemas/checkout';
import { goalBelowMinimumMessage } from '@core/schemas/event';
import * as event from '@core/schemas/event';
import * as ids from '@core/schemas/ids';
import { menuItemSchema } from '@core/schemas/menu';
import { eventUpdateSchema } from '@core/schemas/momentum';
import * as profile from '@core/schemas/profile';
import { z } from '@core/schemas/zod-messages';
import { limitRefusal } from '@core/currency-limits';
import { FORM_MESSAGES, formMessageKey } from './form-messages';

const root = path.resolve(import.meta.dirname, '../../..');
const schemasDir = path.join(root, 'src/core/schemas');

/** The quoted texts of the schema files and of the core files whose messages they use. */
function quotedTexts(): Set<string> {
  const files = [
    ...readdirSync(schemasDir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.join(schemasDir, file)),
    ...['form-rules.ts', 'images.ts', 'dietary.ts'].map((file) => path.join(root, 'src/core', file)),
  ];
  const texts = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)) {
      texts.add((match[1] ?? match[2]!).replace(/\\(.)/g, '$1'));
    }
  }
  return texts;
}

const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

/** Every message the schemas can give: their quoted texts, their exported words, and the worded ones. */
function schemaMessages(): Set<string> {
  const known = quotedTexts();
  for (const module of [auth, checkout, event, ids, profile, formRules]) {
    for (const value of Object.values(module)) if (typeof value === 'string') known.add(value);
  }
  for (const message of [
    ...messagesOf(auth.newPasswordSchema, 'x'.repeat(auth.PASSWORD_MAX_LENGTH + 1)),
    ...messagesOf(menuItemSchema, { name: 'Taco', price: 5, stockPerEvent: 10_001 }),
    ...messagesOf(eventUpdateSchema, { text: 'x'.repeat(1001) }),
    ...messagesOf(checkout.createPaymentIntentSchema, { items: [], note: 'x'.repeat(201) }),
    ...messagesOf(z.number(), Number.NaN),
  ])
    known.add(message);
  return known;
}

const catalog = (language: string) =>
  JSON.parse(readFileSync(path.join(root, `src/locales/${language}/common.json`), 'utf8')) as {
    formMessages: Record<string, string>;
  };

describe('the form messages table', () => {
  it('holds only texts the schemas really say, so a reworded message fails here', () => {
    const known = schemaMessages();
    const missing = Object.values(FORM_MESSAGES).filter((text) => !known.has(text));
    expect(missing).toEqual([]);
    // (The limits that name an amount are read by pattern: their amount is the event currency's.)
    expect(Object.keys(FORM_MESSAGES).length).toBeGreaterThanOrEqual(95);
  });

  it('says each text word for word in the English catalog, and has a Spanish one', () => {
    const english = catalog('en').formMessages;
    const spanish = catalog('es').formMessages;
    for (const [key, text] of Object.entries(FORM_MESSAGES)) {
      expect(english[key], key).toBe(text);
      expect(spanish[key], key).toBeTruthy();
      expect(spanish[key], key).not.toBe(text);
    }
  });

  it('knows each text by its key, and nothing else', () => {
    for (const [key, text] of Object.entries(FORM_MESSAGES)) expect(formMessageKey(text)).toEqual([key]);
    expect(formMessageKey('El título es obligatorio')).toBeNull();
    expect(formMessageKey('Event not found')).toBeNull();
    expect(formMessageKey('At least 1 diner')).toBeNull();
  });

  it("reads the number out of zod's generic bounds and the truck's goal out of its sentence", () => {
    const english = catalog('en').formMessages;
    const fill = (template: string, values: Record<string, unknown>) =>
      template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
    const cases: [string, string][] = [
      [messagesOf(z.string().max(40), 'x'.repeat(41))[0]!, 'textAtMost'],
      [messagesOf(z.string().max(1), 'xx')[0]!, 'textAtMost'],
      [messagesOf(z.string().min(3), 'x')[0]!, 'textAtLeast'],
      [messagesOf(z.array(z.string()).max(2), ['a', 'b', 'c'])[0]!, 'listAtMost'],
      [messagesOf(z.array(z.string()).min(1), [])[0]!, 'listAtLeast'],
      [messagesOf(z.number().min(1), 0)[0]!, 'numberAtLeast'],
      [messagesOf(z.number().max(99_999_999.99), 100_000_000)[0]!, 'numberAtMost'],
      [messagesOf(z.number().positive(), 0)[0]!, 'numberAbove'],
      [messagesOf(z.number().negative(), 0)[0]!, 'numberBelow'],
      [goalBelowMinimumMessage("Rosa's Tacos", 150_000), 'goalBelowMinimum'],
      // A currency's limits, as the server words them (src/core/currency-limits.ts).
      [limitRefusal('tipTooLarge', 50_000, 'USD').message, 'tipTooLarge'],
      [limitRefusal('tipTooLarge', 75_000, 'JPY').message, 'tipTooLarge'],
      [limitRefusal('giftTooLarge', 20_000_000, 'MXN').message, 'giftTooLarge'],
      [limitRefusal('giftAlone', 100, 'USD').message, 'giftAlone'],
      [limitRefusal('amountOffTooSmall', 1, 'GBP').message, 'amountOffMin'],
      [limitRefusal('amountOffTooLarge', 1_000_000, 'EUR').message, 'amountOffMax'],
      [limitRefusal('sponsorMinimumTooSmall', 100, 'CAD').message, 'atLeastOneDollar'],
    ];
    for (const [message, key] of cases) {
      const found = formMessageKey(message);
      expect(found?.[0], message).toBe(key);
      const values = found![1]!;
      const template =
        'count' in values ? english[`${key}_${values.count === 1 ? 'one' : 'other'}`] : english[key];
      expect(fill(template!, values), message).toBe(message);
    }
  });
});
