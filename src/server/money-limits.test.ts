import { describe, expect, it } from 'vitest';
import { limitRefusal } from '../core/currency-limits';
import { limitError, sayLimit } from './money-limits';

/** A currency's limit said in each language, the amount as that language writes the currency. */
describe('limits in the reader’s language', () => {
  it('says the limit in Spanish with the amount written the Spanish way for its currency', () => {
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(sayLimit(limitRefusal('tipTooLarge', 50_000, 'USD'), 'es')).toBe(
      'La propina puede ser como máximo de $500.00',
    );
    expect(plain(sayLimit(limitRefusal('tipTooLarge', 50_000, 'EUR'), 'es'))).toBe(
      'La propina puede ser como máximo de 500,00 €',
    );
    expect(sayLimit(limitRefusal('tipTooLarge', 75_000, 'JPY'), 'es')).toBe(
      'La propina puede ser como máximo de ¥75,000',
    );
    expect(sayLimit(limitRefusal('giftAlone', 2_000, 'MXN'), 'es')).toBe(
      'Un donativo por sí solo es de al menos $20.00',
    );
    expect(sayLimit(limitRefusal('tipTooLarge', 75_000, 'JPY'), 'en')).toBe('A tip can be at most ¥75,000');
  });

  it('throws the English sentence, its field, and the other languages’ words', () => {
    const error = limitError('tip_invalid', limitRefusal('tipTooLarge', 75_000, 'JPY'), 'tipCents');
    expect(error.code).toBe('tip_invalid');
    expect(error.message).toBe('A tip can be at most ¥75,000');
    expect(error.details).toEqual({
      fields: { tipCents: 'A tip can be at most ¥75,000' },
      said: { es: 'La propina puede ser como máximo de ¥75,000' },
    });
  });
});
