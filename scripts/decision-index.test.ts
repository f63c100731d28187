import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decisionIndex } from './decision-index.js';

describe('the decision index', () => {
  it('lists every decision record as it stands (run `npm run decisions` when this fails)', () => {
    const written = readFileSync(new URL('../docs/decisions/README.md', import.meta.url), 'utf8');
    expect(written).toBe(decisionIndex());
  });
});
