import { describe, expect, it } from 'vitest';
import { textReplyMeaning, toE164 } from './ready-texts';

describe('toE164', () => {
  it('reads numbers as people type them', () => {
    expect(toE164('(415) 555-2671')).toBe('+14155552671');
    expect(toE164('1 415 555 2671')).toBe('+14155552671');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what cannot be a mobile number', () => {
    for (const bad of [
      '',
      '555-2671',
      'call me',
      '+0123456789',
      '(015) 555-2671',
      '+1415555267',
      '+12345678901234567',
    ])
      expect(toE164(bad)).toBeNull();
  });
});

describe('textReplyMeaning', () => {
  it('knows STOP and START in any case, and nothing else', () => {
    expect(textReplyMeaning(' stop ')).toBe('stop');
    expect(textReplyMeaning('Unsubscribe')).toBe('stop');
    expect(textReplyMeaning('START')).toBe('start');
    expect(textReplyMeaning('thanks!')).toBeNull();
  });
});
