import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './form-rules';
import { createPaymentIntentSchema } from './schemas/checkout';

describe('isEmailAddress', () => {
  it('takes exactly the addresses the checkout schema takes', () => {
    const samples = [
      'ana@example.com',
      '  ana@example.com ',
      'first.last+tag@sub.example.org',
      "o'brien@example.ie",
      'ana@example',
      'ana@@example.com',
      '.ana@example.com',
      'ana..b@example.com',
      'ana@-example.com',
      '',
      '   ',
      'not an address',
      `${'a'.repeat(250)}@example.com`,
    ];
    for (const sample of samples) {
      const bySchema = createPaymentIntentSchema.shape.customerEmail.safeParse(sample).success;
      expect(isEmailAddress(sample), sample).toBe(bySchema);
    }
  });
});
