import { describe, expect, it } from 'vitest';
import { CHAT_SCHEMA_MESSAGES } from '../core/chat';
import { describeOrderMoney, type OrderMoneyRecord } from '../core/order-status';
import {
  ACCOUNT_INCOMPLETE_REASON,
  CALLED_OFF_REASON,
  NO_ACCOUNT_REASON,
  PLATFORM_FUNDS_REASON,
} from '../core/payout-statement';
import {
  correctionFailureText,
  REFUND_FAILED_TEXT,
  REFUND_GIVEN_UP_TEXT,
  refusalInWords,
  REFUSAL_WORDS,
} from '../core/refund-refusals';
import { cellWord, orderMoneyIn, payoutReasonIn, refundFailureIn, refusalWordsIn } from './answer-words';
import { CHAT_NOTICES, chatNoticeIn } from './chat/chat-words';
import { validationMessageIn } from './http/validation-words';
import { translator } from './i18n';

const en = translator('en');
const order = (patch: Partial<OrderMoneyRecord>): OrderMoneyRecord => ({
  status: 'charged',
  mode: 'hold',
  totalAmount: 1000,
  refundedAmount: null,
  refundDueAt: null,
  refundFailure: null,
  authorizedAt: new Date(),
  cancelRequestedBy: null,
  ...patch,
});

describe('the English catalog holds the code’s English, word for word', () => {
  it('for stored reasons, refusals and chat notices', () => {
    const pairs: Array<[string, string]> = [
      [NO_ACCOUNT_REASON, 'server:payoutReason.noAccount'],
      [ACCOUNT_INCOMPLETE_REASON, 'server:payoutReason.accountIncomplete'],
      [CALLED_OFF_REASON, 'server:payoutReason.calledOff'],
      [PLATFORM_FUNDS_REASON, 'server:payoutReason.platformFunds'],
      [REFUND_FAILED_TEXT, 'server:refundFailure.retrying'],
      [REFUND_GIVEN_UP_TEXT, 'server:refundFailure.givenUp'],
      [refusalInWords(null), 'server:refusal.unknown'],
      ...Object.entries(REFUSAL_WORDS).map(([code, words]): [string, string] => [
        words,
        `server:refusal.${code}`,
      ]),
      ...Object.entries(CHAT_NOTICES).map(([key, text]): [string, string] => [text, `server:chat.${key}`]),
    ];
    for (const [english, key] of pairs) expect(en(key)).toBe(english);
    for (const [key, text] of Object.entries(CHAT_SCHEMA_MESSAGES)) {
      expect(en(`server:chat.${key}`, { max: 2000 })).toBe(text);
    }
    expect(en('server:refusal.other', { code: 'odd_code' })).toBe(refusalInWords('odd_code'));
    expect(en('server:refundFailure.correctionRetrying', { words: 'w' })).toBe(
      correctionFailureText('w', true),
    );
    expect(en('server:refundFailure.correctionGivenUp', { words: 'w' })).toBe(
      correctionFailureText('w', false),
    );
  });

  it('for every state of an order’s money', () => {
    const states: Array<Partial<OrderMoneyRecord>> = [
      { status: 'pending' },
      { status: 'confirmed', mode: 'save' },
      { status: 'confirmed' },
      { refundFailure: 'x', refundGaveUpAt: new Date() },
      { refundFailure: 'x' },
      { refundDueAt: new Date() },
      { refundedAmount: 1000 },
      {},
      { status: 'failed' },
      { status: 'cancelling' },
      { status: 'cancelled', authorizedAt: null },
      { status: 'cancelled', cancelRequestedBy: 'diner' },
      { status: 'cancelled', cancelRequestedBy: 'unpaid' },
      { status: 'cancelled' },
    ];
    for (const state of states) {
      const english = describeOrderMoney(order(state), () => '');
      expect(orderMoneyIn('en', order(state), 'USD')).toBe(english);
      expect(orderMoneyIn('es', order(state), 'USD')).not.toBe(english);
    }
  });
});

describe('answer words in Spanish', () => {
  it('say an order’s money with its amounts as Spanish writes them', () => {
    expect(orderMoneyIn('es', order({ refundedAmount: 250 }), 'USD')).toBe('Cobrado, $2.50 reembolsados');
    expect(orderMoneyIn('en', order({ refundedAmount: 250 }), 'USD')).toBe('Charged, $2.50 refunded');
    expect(orderMoneyIn('es', order({ status: 'refunded', refundedAmount: 250 }), 'EUR')).toBe(
      'Reembolsado 2,50\u00a0€ de 10,00\u00a0€',
    );
  });

  it('read a correction’s stored failure back into Spanish, the provider’s reason included', () => {
    const stored = correctionFailureText(refusalInWords('expired_or_canceled_card'), false);
    expect(refundFailureIn('es', stored)).toBe(
      'El reembolso a la tarjeta falló: la tarjeta del comensal venció o se canceló. Nuestro equipo lo resolverá.',
    );
    expect(refundFailureIn('en', stored)).toBe(stored);
    expect(refusalWordsIn('es', refusalInWords('weird-code!'))).toBe(
      'el proveedor de pagos lo rechazó (weirdcode)',
    );
    expect(refundFailureIn('es', 'Something else')).toBe('Something else');
  });

  it('say a payout’s reason and the CSV’s status words, and leave unknown ones as they are', () => {
    expect(payoutReasonIn('es', PLATFORM_FUNDS_REASON)).toBe(
      'Esperando a que los fondos de la plataforma estén disponibles',
    );
    expect(payoutReasonIn('es', 'A reason from before')).toBe('A reason from before');
    expect(payoutReasonIn('es', null)).toBeNull();
    expect(cellWord('es', 'orderStatus', 'confirmed')).toBe('Tarjeta retenida');
    expect(cellWord('es', 'fulfilment', 'collected')).toBe('Entregado');
    expect(cellWord('es', 'fulfilment', '')).toBe('');
    expect(cellWord('en', 'eventStatus', 'processing')).toBe('processing');
  });

  it('say zod’s generic messages and the chat’s notices', () => {
    expect(validationMessageIn('es', 'Invalid email', 'invalid_format')).toBe('Correo electrónico no válido');
    expect(validationMessageIn('es', 'Number must be greater than or equal to 1', 'too_small')).toBe(
      'Debe ser mayor o igual que 1',
    );
    expect(validationMessageIn('es', 'Array must contain at most 1 element', 'too_big')).toBe(
      'Puede tener como máximo 1 elemento',
    );
    // A rule's own message that only looks like a generic one is not read as another issue.
    expect(validationMessageIn('es', 'Number must be less than 5', 'custom')).toBeNull();
    expect(validationMessageIn('en', 'Required', 'invalid_type')).toBe('Required');
    expect(chatNoticeIn('es', CHAT_SCHEMA_MESSAGES.tooLong)).toBe(
      'Los mensajes pueden tener como máximo 2000 caracteres',
    );
    expect(chatNoticeIn('es', 'Invalid input')).toBe('Dato no válido');
    expect(chatNoticeIn('en', CHAT_NOTICES.tooFast)).toBe(CHAT_NOTICES.tooFast);
  });
});
