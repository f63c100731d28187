import { describe, expect, it } from 'vitest';
import { findNulText } from './text';

describe('findNulText', () => {
  it('answers null when no string or key holds a NUL', () => {
    expect(findNulText({ headers: { host: 'x' }, params: { id: '1' }, query: { a: ['b', 'c'] } })).toBeNull();
    expect(findNulText(undefined)).toBeNull();
  });

  it('names the path of the first string or key that holds one', () => {
    expect(findNulText({ query: { a: ['b', 'c\u0000'] } })).toEqual(['query', 'a', '1']);
    expect(findNulText({ body: { ['na\u0000me']: 'x' } })).toEqual(['body', 'na\u0000me']);
    expect(findNulText({ note: 'x\u0000' }, ['body'])).toEqual(['body', 'note']);
    expect(findNulText('\u0000')).toEqual([]);
  });
});
