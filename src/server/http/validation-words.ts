import type { ApiErrorBody } from '../../contract/common';
import type { Language } from '../../core/language';
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import { errorMessage, translator } from '../i18n';

/**
 * A refused body's messages in the caller's language. The schemas speak the spec's English (zod's
 * generic words restored by src/core/schemas/zod-messages.ts, or a rule's own); English stays exactly
 * that. In another language each message is said from the catalogs the web reads its forms' messages
 * from (`common:formMessages`, keyed by the English text), and zod's generic issues by their code and
 * bounds: "Required", "Invalid email", "String must contain at most 80 characters", "Expected number,
 * received string". A message no catalog holds stays as the schema wrote it.
 */

/** The form messages' English texts (without placeholders) → their keys. */
const FORM_MESSAGE_KEYS = new Map<string, string>(
  Object.entries(enCommon.formMessages as Record<string, string>)
    .filter(([key, text]) => !text.includes('{{') && !/_(one|other)$/.test(key))
    .map(([key, text]) => [text, key]),
);

type Said = [key: string, values?: Record<string, string | number>];

/** zod's generic messages with a bound or a type in them (zod-messages.ts), by the issue they word. */
const GENERIC: ReadonlyArray<[code: string, pattern: RegExp, said: (m: RegExpExecArray) => Said]> = [
  ['too_big', /^String must contain at most (\d+) characters?$/, (m) => ['textAtMost', { count: +m[1]! }]],
  [
    'too_small',
    /^String must contain at least (\d+) characters?$/,
    (m) => ['textAtLeast', { count: +m[1]! }],
  ],
  ['too_big', /^Array must contain at most (\d+) elements?$/, (m) => ['listAtMost', { count: +m[1]! }]],
  ['too_small', /^Array must contain at least (\d+) elements?$/, (m) => ['listAtLeast', { count: +m[1]! }]],
  [
    'too_small',
    /^Number must be greater than or equal to (-?[\d.e+]+)$/,
    (m) => ['numberAtLeast', { n: m[1]! }],
  ],
  ['too_big', /^Number must be less than or equal to (-?[\d.e+]+)$/, (m) => ['numberAtMost', { n: m[1]! }]],
  ['too_small', /^Number must be greater than (-?[\d.e+]+)$/, (m) => ['numberAbove', { n: m[1]! }]],
  ['too_big', /^Number must be less than (-?[\d.e+]+)$/, (m) => ['numberBelow', { n: m[1]! }]],
];
const EXPECTED = /^Expected (\w+), received (\w+)$/;

/**
 * `message` in `language`, or null when no catalog holds it. `code` is the zod issue's code when the
 * message is an issue's (a generic message is only read as the issue it words).
 */
export function validationMessageIn(language: Language, message: string, code?: string): string | null {
  if (language === 'en') return message;
  const t = translator(language);
  const key = FORM_MESSAGE_KEYS.get(message);
  if (key) return t(`common:formMessages.${key}`);
  for (const [issue, pattern, said] of GENERIC) {
    if (code !== undefined && code !== issue) continue;
    const match = pattern.exec(message);
    if (match) {
      const [formKey, values] = said(match);
      return t(`common:formMessages.${formKey}`, values);
    }
  }
  const expected = code === undefined || code === 'invalid_type' ? EXPECTED.exec(message) : null;
  if (expected) {
    const type = (name: string) => t(`server:validation.type.${name}`, { defaultValue: name });
    return t('server:validation.expectedReceived', {
      expected: type(expected[1]!),
      received: type(expected[2]!),
    });
  }
  return null;
}

/** One issue of a refused body, as fastify-type-provider-zod hands it over (`keyword` is zod's code). */
interface ValidationIssue {
  instancePath: string;
  keyword?: string;
  message?: string;
}

/**
 * The 400 of a body, query or parameter the route's schema refuses: `errors` names each field with its
 * first issue's message, `message` is the first of them (a sentence for a person, never a field's
 * internal name). Both in the caller's `language`; where a message has no translation, `message` is
 * the `errors` catalog's sentence for `invalid_request` and the field keeps the schema's words.
 */
export function validationAnswer(issues: readonly ValidationIssue[], language: Language): ApiErrorBody {
  const errors: Record<string, string> = {};
  const codes: Record<string, string | undefined> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    if (field in errors) continue;
    errors[field] = issue.message ?? 'Invalid input';
    codes[field] = issue.keyword;
  }
  const [first] = Object.keys(errors);
  const english = first === undefined ? 'Invalid input' : errors[first]!;
  if (language === 'en') return { code: 'invalid_request', message: english, errors };
  const said = Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [
      field,
      validationMessageIn(language, text, codes[field]) ?? text,
    ]),
  );
  const message =
    (first === undefined ? null : validationMessageIn(language, english, codes[first])) ??
    errorMessage(language, 'invalid_request', english);
  return { code: 'invalid_request', message, errors: said };
}
