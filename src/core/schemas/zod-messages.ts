import { z } from 'zod';

/**
 * The product's generic form messages are Zod 3's wording; Zod 4 words them differently, so
 * this error map restores them for every schema, on the client and the server alike. Messages given
 * on a rule itself (e.g. "Title is required") take precedence.
 */
function describeType(input: unknown): string {
  if (input === undefined) return 'undefined';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

function plural(n: number | bigint, word: string): string {
  return `${n} ${word}${Number(n) === 1 ? '' : 's'}`;
}

/** A length or a number out of bounds: `cmp` words a length's bound ("at least"), `than` a number's. */
function sizeMessage(
  issue: { origin: string; inclusive?: boolean },
  bound: number,
  cmp: string,
  than: 'greater' | 'less',
): string {
  if (issue.origin === 'string') return `String must contain ${cmp} ${plural(bound, 'character')}`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return `Array must contain ${cmp} ${plural(bound, 'element')}`;
  return `Number must be ${than} than ${issue.inclusive ? 'or equal to ' : ''}${bound}`;
}

export function spec5ErrorMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      if (issue.expected === 'date' || (issue.expected as string) === 'date') return 'Invalid date';
      return `Expected ${issue.expected}, received ${describeType(issue.input)}`;
    case 'too_small':
      return sizeMessage(
        issue,
        issue.minimum as number,
        issue.inclusive ? 'at least' : 'more than',
        'greater',
      );
    case 'too_big':
      return sizeMessage(issue, issue.maximum as number, issue.inclusive ? 'at most' : 'less than', 'less');
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid email';
      return 'Invalid input';
    case 'invalid_value':
      return 'Invalid enum value';
    default:
      return 'Invalid input';
  }
}

z.config({ customError: spec5ErrorMessage });

export { z };
