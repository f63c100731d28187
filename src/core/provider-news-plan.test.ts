import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { INTENT_STATUSES, type IntentStatus, type PaymentState } from './payment-plan-types';
import {
  orphanOrderId,
  planOrphanPayment,
  planPaymentEventSync,
  planUnrecordedPayment,
  unrecordedGiveBack,
} from './provider-news-plan';

const now = new Date('2026-06-01T12:00:00Z');
const earlier = new Date('2026-05-30T18:00:00Z');

describe('a webhook about an intent: ask the provider, or old news', () => {
  const LEASE = 8_000;
  const TYPES = [
    'payment_intent.succeeded',
    'payment_intent.amount_capturable_updated',
    'payment_intent.canceled',
    'payment_intent.payment_failed',
    'payment_intent.processing',
  ];
  const retrievedFor = (type: string) =>
    ORDER_STATUSES.filter(
      (status) => planPaymentEventSync(type, { status, captureClaimedAt: null }, now, LEASE) === 'retrieve',
    );

  it('asks only when the order may still change', () => {
    expect(Object.fromEntries(TYPES.map((type) => [type, retrievedFor(type)]))).toEqual({
      'payment_intent.succeeded': ['pending', 'confirmed', 'cancelling', 'cancelled', 'failed'],
      'payment_intent.amount_capturable_updated': ['pending', 'cancelling', 'failed'],
      'payment_intent.canceled': ['pending', 'confirmed', 'charged', 'cancelling', 'failed'],
      'payment_intent.payment_failed': ['pending', 'confirmed', 'cancelling'],
      'payment_intent.processing': [...ORDER_STATUSES],
    });
  });

  it('leaves a capture in flight to its claimant while the claim is live', () => {
    const claimed = (at: number) => ({
      status: 'confirmed' as const,
      captureClaimedAt: new Date(now.getTime() - at),
    });
    expect(planPaymentEventSync('payment_intent.succeeded', claimed(LEASE - 1), now, LEASE)).toBe('ignore');
    expect(planPaymentEventSync('payment_intent.succeeded', claimed(LEASE), now, LEASE)).toBe('retrieve');
    expect(planPaymentEventSync('payment_intent.canceled', claimed(0), now, LEASE)).toBe('retrieve');
  });

  it('with no order owning the intent, asks only about money that may be held or taken', () => {
    expect(TYPES.filter((type) => planPaymentEventSync(type, undefined, now, LEASE) === 'retrieve')).toEqual([
      'payment_intent.succeeded',
      'payment_intent.amount_capturable_updated',
    ]);
  });
});

describe('money at the provider that no order owns', () => {
  const intent = (
    status: IntentStatus,
    metadata: Record<string, string> = { orderId: '7', eventId: '3' },
  ) => ({
    id: 'pi_old',
    status,
    metadata,
  });

  it('is looked into only when the intent holds or took money and names an order', () => {
    expect(INTENT_STATUSES.filter((s) => orphanOrderId(intent(s)) !== null)).toEqual([
      'requires_capture',
      'succeeded',
    ]);
    for (const orderId of ['', 'x', '0', '-7', '1.5', '9007199254740993']) {
      expect(orphanOrderId(intent('succeeded', { orderId, eventId: '3' }))).toBeNull();
    }
    expect(orphanOrderId(intent('succeeded'))).toBe(7);
  });

  it('gives back a hold or a charge whose order names another intent, each with a key of its own', () => {
    const replaced = { intentId: 'pi_new', eventId: 3 };
    expect(planOrphanPayment(intent('requires_capture'), 7, replaced)).toEqual({
      kind: 'give-back',
      giveBack: { call: 'cancel', paymentIntentId: 'pi_old', idempotencyKey: 'cancel:pi_old' },
    });
    expect(planOrphanPayment(intent('succeeded'), 7, replaced)).toEqual({
      kind: 'give-back',
      giveBack: {
        call: 'refund',
        paymentIntentId: 'pi_old',
        idempotencyKey: 'orphan-refund:pi_old',
        metadata: { orderId: '7', reason: 'no order owns this payment' },
      },
    });
  });

  it('leaves alone an intent of another installation, and one its order still names or is being given', () => {
    expect(planOrphanPayment(intent('succeeded'), 7, undefined)).toEqual({ kind: 'not-ours' });
    expect(planOrphanPayment(intent('succeeded'), 7, { intentId: 'pi_new', eventId: 4 })).toEqual({
      kind: 'not-ours',
    });
    expect(planOrphanPayment(intent('succeeded'), 7, { intentId: 'pi_old', eventId: 3 })).toEqual({
      kind: 'owned',
    });
    expect(planOrphanPayment(intent('succeeded'), 7, { intentId: null, eventId: 3 })).toEqual({
      kind: 'owned',
    });
  });
});

describe('a payment the order could not record', () => {
  const state = (status: OrderStatus, intent: IntentStatus, ownsIntent = true): PaymentState => ({
    order: {
      id: 7,
      status,
      subtotalCents: 2_500,
      refundDue: false,
      authorizedAt: status === 'failed' ? earlier : null,
      fixPaymentDeadline: null,
      cancelRequestedBy: null,
      ownsIntent,
    },
    event: { status: 'approved', startsAt: new Date('2026-06-05T18:00:00Z') },
    intent: { status: intent, lastPaymentError: null, paymentMethod: 'pm_card' },
    now,
  });
  const outcome = (s: PaymentState) => {
    const plan = planUnrecordedPayment(s);
    return plan.kind === 'change'
      ? `${plan.change.to}${plan.change.move.refundDue ? ' owed back' : ''}`
      : plan.kind;
  };

  it('moves a new order outside the goal (a charge owed back, a hold to release); leaves every other as it is', () => {
    const table = Object.fromEntries(
      ORDER_STATUSES.map((status) => [
        status,
        [outcome(state(status, 'requires_capture')), outcome(state(status, 'succeeded'))],
      ]),
    );
    expect(table).toEqual({
      pending: ['cancelling', 'charged owed back'],
      confirmed: ['none', 'none'],
      charged: ['none', 'none'],
      refunded: ['none', 'none'],
      cancelling: ['none', 'none'],
      cancelled: ['none', 'none'],
      failed: ['cancelling', 'charged owed back'],
    });
    expect(outcome(state('pending', 'succeeded', false))).toBe('none');
  });

  it('records when the card was held and why the money goes back', () => {
    const charged = planUnrecordedPayment(state('failed', 'succeeded'));
    expect(charged.kind === 'change' && charged.change.patch).toEqual({
      chargedAt: now,
      authorizedAt: earlier,
      refundDueAt: now,
      refundReason: 'the payment could not be recorded',
    });
    const held = planUnrecordedPayment(state('pending', 'requires_capture'));
    expect(held.kind === 'change' && held.change.patch).toEqual({
      cancelRequestedBy: 'event',
      authorizedAt: now,
    });
    expect(held.kind === 'change' && held.change.move.salesDelta).toBe(0);
  });

  it('gives the money back at the provider when even that cannot be written, with the refund task’s key', () => {
    expect(unrecordedGiveBack({ id: 'pi_1', status: 'succeeded', metadata: {} }, 7)).toEqual({
      call: 'refund',
      paymentIntentId: 'pi_1',
      idempotencyKey: 'refund:7',
      metadata: { orderId: '7', reason: 'the payment could not be recorded' },
    });
    expect(unrecordedGiveBack({ id: 'pi_1', status: 'requires_capture', metadata: {} }, 7)).toEqual({
      call: 'cancel',
      paymentIntentId: 'pi_1',
      idempotencyKey: 'cancel:pi_1',
    });
  });
});
