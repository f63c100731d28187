import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { describeOrderStatus } from './my-orders-card';

const charged = {
  status: 'charged' as const,
  mode: 'hold' as const,
  refundPending: false,
  refundedAmount: null,
  totalAmount: '11.50',
  refundedAt: null,
  failureMessage: null,
  refundFailure: null,
  releasedBy: null,
};

describe("a diner's order status", () => {
  it('says a refund is on its way while it is', () => {
    expect(describeOrderStatus({ ...charged, refundPending: true }, 'cancelled')).toMatchObject({
      label: 'Refund pending',
    });
  });

  it('says so plainly when the refund failed, and that it is retried', () => {
    const told = describeOrderStatus(
      {
        ...charged,
        refundPending: true,
        refundFailure: 'The refund to your card failed; we are trying again.',
      },
      'cancelled',
    );
    expect(told.label).toBe('Refund failed');
    expect(told.detail).toContain('we are trying again');
    expect(told.detail).toContain('$11.50');
  });

  it('tells a released order why, how much was held, and that nothing was charged', () => {
    const calledOff = describeOrderStatus(
      { ...charged, status: 'cancelled', releasedBy: 'event' },
      'cancelled',
    );
    expect(calledOff.detail).toBe(
      'The event was called off, so this order was cancelled. The hold of $11.50 on your card was released; you were not charged.',
    );
    const own = describeOrderStatus({ ...charged, status: 'cancelled', releasedBy: 'diner' }, 'approved');
    expect(own.detail).toMatch(/^You cancelled this order\./);
  });

  describe('in Spanish, in the event’s currency', () => {
    afterEach(() => switchLanguage('en'));

    it('tells a released hold in the page’s language with the amount in pesos', async () => {
      await switchLanguage('es');
      const pesos = (decimal: string) => `MX$${decimal}`;
      const told = describeOrderStatus(
        { ...charged, status: 'cancelled', releasedBy: 'diner', totalAmount: '103.50' },
        'approved',
        pesos,
      );
      expect(told).toMatchObject({
        label: 'Cancelado',
        detail: 'Cancelaste este pedido. Se liberó la retención de MX$103.50 en tu tarjeta; no se te cobró.',
      });
    });
  });
});
