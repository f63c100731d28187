import { describe, expect, it } from 'vitest';
import { IllegalTransitionError } from './event-status';
import {
  planCheckoutsEnded,
  planEventMove,
  planGoalCrossing,
  planOrderMove,
  planRefundDue,
  planSettlement,
  planUnwind,
  type UnwoundOrder,
} from './status-plan';

const at = new Date('2026-06-01T12:00:00Z');
const order = (status: UnwoundOrder['status'], extra: Partial<UnwoundOrder> = {}): UnwoundOrder => ({
  id: 1,
  status,
  refundDue: false,
  subtotalCents: 2_500,
  collected: false,
  ...extra,
});

describe('an order’s plan', () => {
  it('adds the food when the order starts counting, takes it away when it stops, and logs the move', () => {
    expect(planOrderMove(order('pending'), 'confirmed', { at, reason: 'card held' })).toEqual({
      id: 1,
      status: 'confirmed',
      refundDue: false,
      salesDelta: 2_500,
      log: { entity: 'order', id: 1, from: 'pending', to: 'confirmed', reason: 'card held', at },
    });
    expect(planOrderMove(order('confirmed'), 'charged', { at }).salesDelta).toBe(0);
    expect(planOrderMove(order('confirmed'), 'failed', { at }).salesDelta).toBe(-2_500);
    expect(planOrderMove(order('charged'), 'refunded', { at }).salesDelta).toBe(-2_500);
    // A charge landing on a cancelled order is owed back at once: it never counts.
    expect(planOrderMove(order('cancelled'), 'charged', { at, refundDue: true }).salesDelta).toBe(0);
  });

  it('refuses a move the transition table does not allow', () => {
    expect(() => planOrderMove(order('refunded'), 'confirmed', { at })).toThrow(IllegalTransitionError);
  });

  it('stops counting a charge owed back without changing its status or logging a move', () => {
    expect(planRefundDue(order('charged'))).toEqual({
      id: 1,
      status: 'charged',
      refundDue: true,
      salesDelta: -2_500,
      log: null,
    });
    expect(planRefundDue(order('charged', { refundDue: true })).salesDelta).toBe(0);
  });
});

describe('an event’s plan', () => {
  const event = { id: 7, status: 'approved' as const };

  it('tells the parties and unwinds the orders when the event ends without food', () => {
    expect(planEventMove(event, 'cancelled', { at, reason: 'called off' })).toMatchObject({
      status: 'cancelled',
      outcome: 'cancelled',
      unwind: 'all',
      unwindReason: 'event cancelled',
      log: { entity: 'event', id: 7, from: 'approved', to: 'cancelled', reason: 'called off', at },
    });
    expect(planEventMove({ id: 7, status: 'processing' }, 'payment_failed', { at })).toMatchObject({
      outcome: 'payment-failed',
      unwind: 'all',
    });
  });

  it('keeps what diners collected when cut short, and stays quiet when the caller tells the parties', () => {
    expect(planEventMove({ id: 7, status: 'confirmed' }, 'closed', { at, cutShort: true })).toMatchObject({
      outcome: 'cut-short',
      unwind: 'all-but-collected',
    });
    expect(planEventMove({ id: 7, status: 'confirmed' }, 'closed', { at })).toMatchObject({
      outcome: null,
      unwind: 'none',
    });
    expect(
      planEventMove({ id: 7, status: 'pending_approval' }, 'cancelled', { at, quiet: true }),
    ).toMatchObject({
      outcome: null,
      unwind: 'none',
    });
  });

  it('crosses the goal once: from approved, when the sales reach the minimum', () => {
    const sales = { id: 7, minimumSalesCents: 10_000 };
    expect(planGoalCrossing({ ...sales, status: 'approved', currentSalesCents: 9_999 }, at)).toBeNull();
    expect(planGoalCrossing({ ...sales, status: 'approved', currentSalesCents: 10_000 }, at)).toMatchObject({
      status: 'processing',
      outcome: 'goal-reached',
      log: { from: 'approved', to: 'processing', reason: 'goal reached' },
    });
    expect(planGoalCrossing({ ...sales, status: 'processing', currentSalesCents: 20_000 }, at)).toBeNull();
  });
});

describe('unwinding an event’s orders', () => {
  const orders = [
    order('pending', { id: 1 }),
    order('confirmed', { id: 2 }),
    order('failed', { id: 3 }),
    order('charged', { id: 4 }),
    order('charged', { id: 5, collected: true }),
    order('charged', { id: 6, refundDue: true, collected: true }),
  ];

  it('releases every open order and refunds every charge not already owed back', () => {
    const plan = planUnwind(orders, 'all', { at, reason: 'event cancelled' });
    expect(plan.release.map((o) => [o.id, o.status])).toEqual([
      [1, 'cancelling'],
      [2, 'cancelling'],
      [3, 'cancelling'],
    ]);
    expect(plan.refund.map((o) => o.id)).toEqual([4, 5]);
    expect(plan.kept).toEqual([]);
    expect(plan.salesAfterCents).toBe(0);
  });

  it('keeps the collected charges of an event cut short, and their food still counts', () => {
    const plan = planUnwind(orders, 'all-but-collected', { at, reason: 'event cut short' });
    expect(plan.refund.map((o) => o.id)).toEqual([4]);
    expect(plan.kept).toEqual([5]);
    expect(plan.salesAfterCents).toBe(2_500);
  });
});

describe('ending checkouts at the start', () => {
  it('marks a failed payment not made again as unpaid, an unfinished checkout as ended by the event', () => {
    const plans = planCheckoutsEnded(
      [
        { id: 1, status: 'pending' },
        { id: 2, status: 'failed' },
      ],
      at,
    );
    expect(plans.map((p) => [p.id, p.status, p.cancelRequestedBy, p.salesDelta])).toEqual([
      [1, 'cancelling', 'event', 0],
      [2, 'cancelling', 'unpaid', 0],
    ]);
  });
});

describe('settling a funded event', () => {
  const event = {
    id: 7,
    status: 'processing' as const,
    minimumSalesCents: 10_000,
    startsAt: new Date('2026-06-05T18:00:00Z'),
  };

  it('waits while a held order is still to be charged', () => {
    expect(
      planSettlement({ ...event, currentSalesCents: 50_000 }, [{ status: 'confirmed', deadline: null }], at),
    ).toEqual({
      kind: 'wait',
    });
  });

  it('confirms as soon as the charges cover the goal', () => {
    const settled = planSettlement({ ...event, currentSalesCents: 10_000 }, [], at);
    expect(settled).toMatchObject({ kind: 'settle', plan: { status: 'confirmed', outcome: 'confirmed' } });
  });

  it('below the goal, waits for the last window to pay again, then fails (never past the start)', () => {
    const window = new Date('2026-06-02T12:00:00Z');
    const short = { ...event, currentSalesCents: 9_000 };
    const failed = [{ status: 'failed' as const, deadline: window }];
    expect(planSettlement(short, failed, at)).toEqual({ kind: 'wait' });
    expect(planSettlement(short, failed, window)).toMatchObject({
      kind: 'settle',
      plan: { status: 'payment_failed', unwind: 'all' },
    });
    const late = [{ status: 'failed' as const, deadline: new Date('2026-06-09T00:00:00Z') }];
    expect(planSettlement(short, late, event.startsAt)).toMatchObject({ plan: { status: 'payment_failed' } });
  });
});
