import { describe, expect, it } from 'vitest';
import { EVENT_STATUSES, type EventStatus } from './event-status';
import { FIX_PAYMENT_WINDOW_MS, ORDER_STATUSES, type OrderStatus } from './order-status';
import { alreadyReflects, chargeDeclined, planPaymentIntent, planRelease } from './payment-plan';
import {
  nudgesAfter,
  INTENT_STATUSES,
  type IntentStatus,
  type PaymentLock,
  type PaymentOrder,
  type PaymentPlan,
  type PaymentState,
} from './payment-plan-types';
import { planSetupIntent, type SetupIntentStatus } from './saved-card-plan';

const now = new Date('2026-06-01T12:00:00Z');
const later = new Date('2026-06-05T18:00:00Z');
const earlier = new Date('2026-05-30T18:00:00Z');
const FOOD = 2_500;

const order = (status: OrderStatus, extra: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: 1,
  status,
  subtotalCents: FOOD,
  refundDue: false,
  authorizedAt: status === 'pending' ? null : earlier,
  fixPaymentDeadline: null,
  cancelRequestedBy: null,
  ownsIntent: true,
  ...extra,
});

/** The event situations a payment's meaning depends on: its status, and whether it has started. */
const SITUATIONS = {
  'approved, before the start': { status: 'approved', startsAt: later },
  'processing, before the start': { status: 'processing', startsAt: later },
  'confirmed, before the start': { status: 'confirmed', startsAt: later },
  'approved, started': { status: 'approved', startsAt: earlier },
  'confirmed, started': { status: 'confirmed', startsAt: earlier },
  cancelled: { status: 'cancelled', startsAt: later },
  payment_failed: { status: 'payment_failed', startsAt: later },
  closed: { status: 'closed', startsAt: earlier },
} satisfies Record<string, { status: EventStatus; startsAt: Date }>;
type Situation = keyof typeof SITUATIONS;

function state(
  orderStatus: OrderStatus,
  intentStatus: IntentStatus,
  situation: Situation = 'approved, before the start',
  extra: {
    order?: Partial<PaymentOrder>;
    lastPaymentError?: string | null;
    paymentMethod?: string | null;
  } = {},
): PaymentState {
  return {
    order: order(orderStatus, extra.order),
    event: SITUATIONS[situation],
    intent: {
      status: intentStatus,
      lastPaymentError:
        extra.lastPaymentError === undefined ? 'Your card was declined.' : extra.lastPaymentError,
      paymentMethod: extra.paymentMethod === undefined ? 'pm_card' : extra.paymentMethod,
    },
    now,
  };
}

/**
 * A plan in one line: what happens to the order (status, the log's reason, what the event's sales move
 * by), the mail, the wake-up and the alert. The columns each change sets are checked further down.
 */
function summary(plan: PaymentPlan): string {
  switch (plan.kind) {
    case 'settled':
    case 'orphan':
    case 'none':
      return plan.kind;
    case 'lock':
      return `lock ${plan.lock}`;
    case 'note':
      return `note authorized; nudge ${plan.nudge}`;
    case 'count':
    case 'change': {
      const { to, reason, move, mail, nudge, alert } = plan.change;
      const sales = move.salesDelta === 0 ? '' : move.salesDelta === FOOD ? ' +food' : ' -food';
      return [
        `${plan.kind === 'count' ? 'count ' : ''}→ ${to} (${reason})${sales}${move.refundDue ? ' owed back' : ''}`,
        mail ? `mail ${mail.kind}${'why' in mail ? ` ${mail.why}` : ''}` : null,
        nudge === 'no' ? null : `nudge ${nudge}`,
        alert ? `alert ${alert}` : null,
      ]
        .filter(Boolean)
        .join('; ');
    }
  }
}

const plan = (lock: PaymentLock, ...args: Parameters<typeof state>) =>
  summary(planPaymentIntent(state(...args), lock));

/** The intent statuses that say nothing yet (the diner is still at the card form): one column. */
const WAITING: IntentStatus[] = ['requires_confirmation', 'requires_action', 'processing'];
const COLUMNS = ['requires_capture', 'succeeded', 'canceled', 'requires_payment_method', 'waiting'] as const;
type Column = (typeof COLUMNS)[number];
type Table = Record<OrderStatus, Record<Column, string>>;

/** Checks every cell of a table (each waiting status against the `waiting` column). */
function expectTable(lock: PaymentLock, situation: Situation, table: Table) {
  const actual = {} as Table;
  for (const status of ORDER_STATUSES) {
    const row = {} as Record<Column, string>;
    for (const column of COLUMNS) {
      if (column !== 'waiting') {
        row[column] = plan(lock, status, column, situation);
        continue;
      }
      const waiting = new Set(WAITING.map((intent) => plan(lock, status, intent, situation)));
      row.waiting = waiting.size === 1 ? [...waiting][0]! : [...waiting].join(' | ');
    }
    actual[status] = row;
  }
  expect(actual).toEqual(table);
}

describe('the provider’s word on a PaymentIntent, as read (nothing locked)', () => {
  it('before the goal: a hold or a payment on a new order is counted by the single statement; a capture takes the order’s lock', () => {
    expectTable('none', 'approved, before the start', {
      pending: {
        requires_capture: 'count → confirmed (card authorized) +food; mail received; nudge past-goal',
        succeeded: 'count → charged (payment captured) +food; mail charged; nudge goal-reached',
        canceled: 'lock event',
        requires_payment_method: 'lock event',
        waiting: 'lock event',
      },
      failed: {
        requires_capture: 'count → confirmed (card authorized again) +food; mail received; nudge past-goal',
        succeeded: 'count → charged (payment captured) +food; mail charged; nudge goal-reached',
        canceled: 'lock event',
        requires_payment_method: 'lock event',
        waiting: 'lock event',
      },
      confirmed: {
        requires_capture: 'settled',
        succeeded: 'lock order',
        canceled: 'lock event',
        requires_payment_method: 'lock event',
        waiting: 'lock event',
      },
      charged: {
        requires_capture: 'settled',
        succeeded: 'settled',
        canceled: 'lock event',
        requires_payment_method: 'lock event',
        waiting: 'lock event',
      },
      refunded: {
        requires_capture: 'settled',
        succeeded: 'settled',
        canceled: 'lock event',
        requires_payment_method: 'lock event',
        waiting: 'lock event',
      },
      cancelling: {
        requires_capture: 'settled',
        succeeded: 'lock event',
        canceled: 'lock event',
        requires_payment_method: 'lock event',
        waiting: 'lock event',
      },
      cancelled: {
        requires_capture: 'settled',
        succeeded: 'lock event',
        canceled: 'lock event',
        requires_payment_method: 'lock event',
        waiting: 'lock event',
      },
    });
  });

  it('counts nothing once the event has stopped taking orders, and leaves a charge owed back to the event’s lock', () => {
    for (const situation of ['approved, started', 'confirmed, started', 'cancelled', 'closed'] as const) {
      expect(plan('none', 'pending', 'requires_capture', situation)).toBe('lock event');
      expect(plan('none', 'failed', 'succeeded', situation)).toBe('lock event');
      expect(plan('none', 'confirmed', 'succeeded', situation)).toBe('lock order');
    }
    expect(plan('none', 'confirmed', 'succeeded', undefined, { order: { refundDue: true } })).toBe(
      'lock event',
    );
  });
});

describe('a capture under the order’s lock alone', () => {
  it('charges a held order of a funded event and moves nothing of the event; anything else goes to the event’s lock', () => {
    const charged = '→ charged (payment captured); mail charged';
    expect(plan('order', 'confirmed', 'succeeded', 'processing, before the start')).toBe(charged);
    expect(plan('order', 'confirmed', 'succeeded', 'confirmed, started')).toBe(charged);
    expect(plan('order', 'confirmed', 'succeeded', 'approved, before the start')).toBe('lock event');
    expect(plan('order', 'confirmed', 'succeeded', 'cancelled')).toBe('lock event');
    expect(plan('order', 'confirmed', 'succeeded', 'closed')).toBe('lock event');
    const processing = 'processing, before the start';
    expect(plan('order', 'confirmed', 'succeeded', processing, { order: { refundDue: true } })).toBe(
      'lock event',
    );
    expect(plan('order', 'confirmed', 'succeeded', processing, { order: { ownsIntent: false } })).toBe(
      'lock event',
    );
    for (const status of ORDER_STATUSES.filter((s) => s !== 'confirmed')) {
      expect(plan('order', status, 'succeeded', processing)).toBe('lock event');
    }
    for (const intent of INTENT_STATUSES.filter((s) => s !== 'succeeded')) {
      expect(plan('order', 'confirmed', intent, processing)).toBe('lock event');
    }
  });

  it('keeps the hold’s time, which the card form recorded', () => {
    const captured = planPaymentIntent(
      state('confirmed', 'succeeded', 'processing, before the start'),
      'order',
    );
    expect(captured).toMatchObject({
      kind: 'change',
      change: { patch: { chargedAt: now, failureMessage: null, fixPaymentDeadline: null } },
    });
    expect(captured.kind === 'change' && 'authorizedAt' in captured.change.patch).toBe(false);
  });
});

describe('the provider’s word under the event’s lock: every order status × intent status', () => {
  const FAILED_AFTER_DEADLINE = '→ cancelled (payment not fixed in time); mail cancelled unpaid; nudge yes';

  it('before the goal, before the start', () => {
    expectTable('event', 'approved, before the start', {
      pending: {
        requires_capture: '→ confirmed (card authorized) +food; mail received; nudge past-goal',
        succeeded: '→ charged (payment captured) +food; mail charged; nudge goal-reached',
        canceled: '→ cancelled (payment abandoned)',
        requires_payment_method: 'none',
        waiting: 'none',
      },
      failed: {
        requires_capture: '→ confirmed (card authorized again) +food; mail received; nudge past-goal',
        succeeded: '→ charged (payment captured) +food; mail charged; nudge goal-reached',
        // No window set: it has ended.
        canceled: FAILED_AFTER_DEADLINE,
        requires_payment_method: 'none',
        waiting: 'none',
      },
      confirmed: {
        requires_capture: 'none',
        succeeded: '→ charged (payment captured); mail charged; nudge goal-reached',
        canceled: '→ failed (hold lapsed) -food; mail fix-payment lapsed; nudge yes',
        requires_payment_method: '→ failed (charge declined) -food; mail fix-payment declined; nudge yes',
        waiting: 'none',
      },
      charged: {
        requires_capture: 'none',
        succeeded: 'none',
        canceled: 'none',
        requires_payment_method: 'none',
        waiting: 'none',
      },
      refunded: {
        requires_capture: 'none',
        succeeded: 'none',
        canceled: 'none',
        requires_payment_method: 'none',
        waiting: 'none',
      },
      cancelling: {
        requires_capture: 'none',
        succeeded: '→ charged (charged after cancellation) owed back; nudge yes; alert wrongful-charge',
        canceled: '→ cancelled (released: event ended); mail cancelled event',
        requires_payment_method: 'none',
        waiting: 'none',
      },
      cancelled: {
        requires_capture: 'none',
        succeeded: '→ charged (charged after cancellation) owed back; nudge yes; alert wrongful-charge',
        canceled: 'none',
        requires_payment_method: 'none',
        waiting: 'none',
      },
    });
  });

  const HOLD = '→ confirmed (card authorized) +food; mail received; nudge past-goal';
  const HOLD_AGAIN = '→ confirmed (card authorized again) +food; mail received; nudge past-goal';
  const NEW_CHARGE = '→ charged (payment captured) +food; mail charged; nudge goal-reached';
  const CAPTURE = '→ charged (payment captured); mail charged; nudge goal-reached';
  const late = (held: string, charged = held) => ({
    requires_capture: `→ cancelling (authorized after ${held}); nudge yes`,
    succeeded: `→ charged (charged after ${charged}) owed back; nudge yes; alert wrongful-charge`,
  });
  const dead = (why: string) => ({
    requires_capture: 'none',
    succeeded: `→ charged (charged after ${why}) -food owed back; nudge yes; alert wrongful-charge`,
  });

  /**
   * The two columns whose meaning depends on the event (a hold, a charge), for the orders it matters
   * to; every other cell is as before the goal.
   */
  const BY_SITUATION: Record<
    Situation,
    Record<'pending' | 'failed' | 'confirmed', { requires_capture: string; succeeded: string }>
  > = {
    'approved, before the start': {
      pending: { requires_capture: HOLD, succeeded: NEW_CHARGE },
      failed: { requires_capture: HOLD_AGAIN, succeeded: NEW_CHARGE },
      confirmed: { requires_capture: 'none', succeeded: CAPTURE },
    },
    'processing, before the start': {
      pending: { requires_capture: HOLD, succeeded: NEW_CHARGE },
      failed: { requires_capture: HOLD_AGAIN, succeeded: NEW_CHARGE },
      confirmed: { requires_capture: 'none', succeeded: CAPTURE },
    },
    'confirmed, before the start': {
      pending: { requires_capture: HOLD, succeeded: NEW_CHARGE },
      failed: { requires_capture: HOLD_AGAIN, succeeded: NEW_CHARGE },
      confirmed: { requires_capture: 'none', succeeded: CAPTURE },
    },
    // A held order is captured whenever the fan-out gets to it, even after the start; a new one is not.
    'approved, started': {
      pending: late('the start'),
      failed: late('the start'),
      confirmed: { requires_capture: 'none', succeeded: CAPTURE },
    },
    'confirmed, started': {
      pending: late('the start'),
      failed: late('the start'),
      confirmed: { requires_capture: 'none', succeeded: CAPTURE },
    },
    cancelled: {
      pending: late('the event ended'),
      failed: late('the event ended'),
      confirmed: dead('the event ended'),
    },
    payment_failed: {
      pending: late('the event ended', 'the event failed'),
      failed: late('the event ended', 'the event failed'),
      confirmed: dead('the event failed'),
    },
    closed: {
      pending: late('the event ended'),
      failed: late('the event ended'),
      confirmed: dead('the event ended'),
    },
  };

  for (const [situation, rows] of Object.entries(BY_SITUATION) as Array<
    [Situation, (typeof BY_SITUATION)[Situation]]
  >) {
    it(`${situation}: a hold and a charge mean what the table says, everything else as before the goal`, () => {
      for (const status of ORDER_STATUSES) {
        for (const intent of INTENT_STATUSES) {
          const row =
            status === 'pending' || status === 'failed' || status === 'confirmed' ? rows[status] : null;
          const expected =
            row && (intent === 'requires_capture' || intent === 'succeeded')
              ? row[intent]
              : plan('event', status, intent, 'approved, before the start');
          expect([status, intent, plan('event', status, intent, situation)]).toEqual([
            status,
            intent,
            expected,
          ]);
        }
      }
    });
  }

  it('a failed order’s window: cancelled once it ends, left alone while it runs', () => {
    const window = new Date(now.getTime() + FIX_PAYMENT_WINDOW_MS);
    expect(plan('event', 'failed', 'canceled', undefined, { order: { fixPaymentDeadline: window } })).toBe(
      'none',
    );
    expect(plan('event', 'failed', 'canceled', undefined, { order: { fixPaymentDeadline: now } })).toBe(
      FAILED_AFTER_DEADLINE,
    );
  });

  it('a refusal without the card’s message is not a declined capture', () => {
    expect(plan('event', 'confirmed', 'requires_payment_method', undefined, { lastPaymentError: null })).toBe(
      'none',
    );
  });

  it('a hold confirmed just as the event was called off is noted, so the release is told to the diner', () => {
    expect(
      plan('event', 'cancelling', 'requires_capture', undefined, { order: { authorizedAt: null } }),
    ).toBe('note authorized; nudge yes');
    expect(plan('event', 'cancelling', 'requires_capture')).toBe('none');
  });

  it('a release tells the diner only if a card was held, saved or confirmed on the intent, and says who asked', () => {
    const unheld = { order: { authorizedAt: null } };
    expect(plan('event', 'cancelling', 'canceled', undefined, { ...unheld, paymentMethod: null })).toBe(
      '→ cancelled (released: event ended)',
    );
    expect(plan('event', 'cancelling', 'canceled', undefined, unheld)).toBe(
      '→ cancelled (released: event ended); mail cancelled event',
    );
    expect(
      plan('event', 'cancelling', 'canceled', undefined, { order: { cancelRequestedBy: 'diner' } }),
    ).toBe('→ cancelled (cancelled by diner); mail cancelled diner');
    expect(
      plan('event', 'cancelling', 'canceled', undefined, { order: { cancelRequestedBy: 'unpaid' } }),
    ).toBe('→ cancelled (payment not fixed in time); mail cancelled unpaid');
  });

  it('money the order no longer owns (it names another intent) is an orphan’s, whatever the intent says', () => {
    for (const status of ORDER_STATUSES) {
      for (const intent of INTENT_STATUSES) {
        expect(plan('event', status, intent, undefined, { order: { ownsIntent: false } })).toBe('orphan');
      }
    }
  });
});

describe('the columns each change sets', () => {
  const deadline = new Date(now.getTime() + FIX_PAYMENT_WINDOW_MS);
  const changeOf = (p: PaymentPlan) => (p.kind === 'change' || p.kind === 'count' ? p.change : null);

  it('a hold clears any earlier failure and claim; a charge keeps the hold’s time or takes now', () => {
    expect(changeOf(planPaymentIntent(state('failed', 'requires_capture'), 'none'))?.patch).toEqual({
      authorizedAt: now,
      failureMessage: null,
      fixPaymentDeadline: null,
      captureClaimedAt: null,
    });
    expect(changeOf(planPaymentIntent(state('confirmed', 'succeeded'), 'event'))?.patch).toEqual({
      chargedAt: now,
      authorizedAt: earlier,
      failureMessage: null,
      fixPaymentDeadline: null,
    });
    expect(changeOf(planPaymentIntent(state('pending', 'succeeded'), 'event'))?.patch).toMatchObject({
      authorizedAt: now,
    });
  });

  it('a charge that must not be is owed back at once, with its reason, and never counts', () => {
    const wrongful = changeOf(planPaymentIntent(state('cancelled', 'succeeded'), 'event'));
    expect(wrongful?.patch).toEqual({
      chargedAt: now,
      authorizedAt: earlier,
      failureMessage: null,
      fixPaymentDeadline: null,
      refundDueAt: now,
      refundReason: 'charged after cancellation',
    });
    expect(wrongful?.move).toEqual({
      id: 1,
      status: 'charged',
      refundDue: true,
      salesDelta: 0,
      log: {
        entity: 'order',
        id: 1,
        from: 'cancelled',
        to: 'charged',
        reason: 'charged after cancellation',
        at: now,
      },
    });
  });

  it('a lapsed hold or a refused capture gives the diner 48 hours, never past the start', () => {
    expect(changeOf(planPaymentIntent(state('confirmed', 'canceled'), 'event'))?.patch).toEqual({
      failureMessage: 'The authorization on your card expired.',
      fixPaymentDeadline: deadline,
      captureClaimedAt: null,
    });
    const soon = new Date(now.getTime() + 60_000);
    const refused = planPaymentIntent(
      { ...state('confirmed', 'requires_payment_method'), event: { status: 'processing', startsAt: soon } },
      'event',
    );
    expect(changeOf(refused)?.patch).toEqual({
      failureMessage: 'Your card was declined.',
      fixPaymentDeadline: soon,
      captureClaimedAt: null,
    });
  });

  it('a hold after the start is released as the event’s doing; an abandoned checkout or a release ends the order', () => {
    expect(
      changeOf(planPaymentIntent(state('pending', 'requires_capture', 'cancelled'), 'event'))?.patch,
    ).toEqual({
      cancelRequestedBy: 'event',
      authorizedAt: now,
    });
    expect(changeOf(planPaymentIntent(state('pending', 'canceled'), 'event'))?.patch).toEqual({
      cancelledAt: now,
      releasedAt: now,
    });
    expect(planRelease(order('cancelling', { authorizedAt: null }), now, true).patch).toEqual({
      cancelledAt: now,
      releasedAt: now,
      authorizedAt: now,
    });
    expect(planRelease(order('cancelling'), now, true).patch).toEqual({ cancelledAt: now, releasedAt: now });
  });
});

describe('every state, every lock', () => {
  /** Every state the planner can be given: each order and intent status, event, start, and the order's facts. */
  function* everyState(): Generator<PaymentState> {
    for (const status of ORDER_STATUSES)
      for (const intent of INTENT_STATUSES)
        for (const eventStatus of EVENT_STATUSES)
          for (const startsAt of [earlier, later])
            for (const refundDue of [false, true])
              for (const authorizedAt of [null, earlier])
                for (const fixPaymentDeadline of [null, earlier, later])
                  for (const ownsIntent of [true, false])
                    for (const lastPaymentError of [null, 'Your card was declined.'])
                      yield {
                        ...state(status, intent, undefined, {
                          order: { refundDue, authorizedAt, fixPaymentDeadline, ownsIntent },
                          lastPaymentError,
                        }),
                        event: { status: eventStatus, startsAt },
                      };
  }
  const KINDS: Record<PaymentLock, Array<PaymentPlan['kind']>> = {
    none: ['settled', 'lock', 'count'],
    order: ['change', 'lock'],
    event: ['change', 'note', 'orphan', 'none'],
  };

  it('plans only moves the order’s lifecycle allows, moves no sales without the event’s lock, and counts only new food', () => {
    const problems: string[] = [];
    let states = 0;
    for (const s of everyState()) {
      states++;
      const where = JSON.stringify({ order: s.order, event: s.event, intent: s.intent.status });
      for (const lock of ['none', 'order', 'event'] as const) {
        // Planning an illegal move throws here (planOrderMove), and fails the test.
        const p = planPaymentIntent(s, lock);
        const problem = (what: string) => problems.push(`${lock} ${where}: ${what}`);
        if (!KINDS[lock].includes(p.kind)) problem(`plans ${p.kind}`);
        if (p.kind === 'lock' && lock === 'order' && p.lock !== 'event') problem('locks less than the event');
        if (p.kind === 'change' || p.kind === 'count') {
          const { move, to, patch } = p.change;
          if (move.log?.from !== s.order.status || move.status !== to) problem('plans another move');
          if (move.refundDue !== (s.order.refundDue || patch.refundDueAt !== undefined)) {
            problem('owes back other than its patch says');
          }
          if (lock === 'order' && move.salesDelta !== 0) problem('moves sales under the order’s lock alone');
          if (p.kind === 'count' && !s.order.refundDue && move.salesDelta !== FOOD)
            problem('counts no new food');
        }
      }
      // What is settled as read would change nothing under the lock either, but for a hold whose order
      // was called off before it was recorded: the release tells the diner all the same, as the intent
      // names the card.
      if (s.order.ownsIntent && planPaymentIntent(s, 'none').kind === 'settled') {
        const note = s.order.status === 'cancelling' && s.order.authorizedAt === null;
        const kind = planPaymentIntent(s, 'event').kind;
        if (kind !== (note ? 'note' : 'none')) problems.push(`settled as read, but ${kind} locked: ${where}`);
      }
    }
    expect(states).toBe(7 * 7 * 9 * 2 * 2 * 2 * 3 * 2 * 2);
    expect(problems).toEqual([]);
  });

  it('already reflected: a hold on anything but a new order, a charge on a charged or refunded one', () => {
    const reflected = (intent: IntentStatus) => ORDER_STATUSES.filter((s) => alreadyReflects(s, intent));
    expect(reflected('requires_capture')).toEqual([
      'confirmed',
      'charged',
      'refunded',
      'cancelling',
      'cancelled',
    ]);
    expect(reflected('succeeded')).toEqual(['charged', 'refunded']);
    for (const intent of INTENT_STATUSES.filter((s) => s !== 'requires_capture' && s !== 'succeeded')) {
      expect(reflected(intent)).toEqual([]);
    }
  });
});

describe('waking the reconciler once the change commits', () => {
  it('always, never, when the event is past its goal afterwards, or when this change took it there', () => {
    const after = [
      { eventStatus: 'approved', goalReached: false },
      { eventStatus: 'processing', goalReached: true },
      { eventStatus: 'confirmed', goalReached: false },
    ] as const;
    const table = Object.fromEntries(
      (['no', 'yes', 'past-goal', 'goal-reached'] as const).map((nudge) => [
        nudge,
        after.map((a) => nudgesAfter(nudge, a)),
      ]),
    );
    expect(table).toEqual({
      no: [false, false, false],
      yes: [true, true, true],
      'past-goal': [false, true, true],
      'goal-reached': [false, true, false],
    });
  });
});

describe('a saved card (SetupIntent)', () => {
  const setup = (
    status: OrderStatus,
    intent: SetupIntentStatus,
    situation: Situation = 'approved, before the start',
  ) => ({
    order: { id: 1, status, subtotalCents: FOOD, refundDue: false, stripeCustomerId: 'cus_old' },
    event: SITUATIONS[situation],
    intent: { status: intent, paymentMethod: 'pm_saved', customer: null },
    now,
  });
  const setupPlan = (lock: 'none' | 'event', ...args: Parameters<typeof setup>) =>
    summary(planSetupIntent(setup(...args), lock));

  it('counts a pending order once its card is saved; ends it when saved after orders stopped', () => {
    const saved = '→ confirmed (card saved) +food; mail received; nudge past-goal';
    expect(setupPlan('none', 'pending', 'succeeded')).toBe(`count ${saved}`);
    expect(setupPlan('event', 'pending', 'succeeded')).toBe(saved);
    expect(setupPlan('none', 'pending', 'succeeded', 'approved, started')).toBe('lock event');
    expect(setupPlan('event', 'pending', 'succeeded', 'approved, started')).toBe(
      '→ cancelled (card saved after the event ended)',
    );
    expect(setupPlan('event', 'pending', 'succeeded', 'cancelled')).toBe(
      '→ cancelled (card saved after the event ended)',
    );
  });

  it('ignores every other status of the order or of the intent', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'pending')) {
      expect(setupPlan('none', status, 'succeeded')).toBe('settled');
      expect(setupPlan('event', status, 'succeeded')).toBe('none');
    }
    for (const intent of INTENT_STATUSES.filter((s) => s !== 'succeeded' && s !== 'requires_capture')) {
      expect(setupPlan('none', 'pending', intent as SetupIntentStatus)).toBe('settled');
    }
  });

  it('records the saved card and the customer (the intent’s, else the order’s)', () => {
    const p = planSetupIntent(setup('pending', 'succeeded'), 'event');
    expect(p.kind === 'change' && p.change.patch).toEqual({
      authorizedAt: now,
      stripePaymentMethodId: 'pm_saved',
      stripeCustomerId: 'cus_old',
    });
  });
});

describe('a charge declined (chargeDeclined)', () => {
  const held = order('confirmed');
  const event = { status: 'processing' as const, startsAt: later };

  it('is the planner’s move for a refused capture, and the capture fan-out’s for a declined call', () => {
    const reported = planPaymentIntent(
      {
        order: held,
        event,
        intent: {
          status: 'requires_payment_method',
          lastPaymentError: 'Your card was declined.',
          paymentMethod: null,
        },
        now,
      },
      'event',
    );
    expect(reported).toEqual({
      kind: 'change',
      change: chargeDeclined({ order: held, event, now }, 'Your card was declined.'),
    });
    expect(chargeDeclined({ order: held, event, now }, 'Your card was declined.')).toMatchObject({
      to: 'failed',
      reason: 'charge declined',
      patch: {
        failureMessage: 'Your card was declined.',
        fixPaymentDeadline: new Date(now.getTime() + FIX_PAYMENT_WINDOW_MS),
        captureClaimedAt: null,
      },
      move: { status: 'failed', salesDelta: -FOOD },
      mail: { kind: 'fix-payment', why: 'declined' },
      nudge: 'yes',
    });
  });

  it('records the intent an off-session charge created, and nothing else more', () => {
    const created = chargeDeclined({ order: held, event, now }, 'Insufficient funds.', 'pi_new');
    expect(created.patch).toEqual({
      failureMessage: 'Insufficient funds.',
      fixPaymentDeadline: new Date(now.getTime() + FIX_PAYMENT_WINDOW_MS),
      stripePaymentIntentId: 'pi_new',
      captureClaimedAt: null,
    });
    expect(chargeDeclined({ order: held, event, now }, 'x').patch).not.toHaveProperty(
      'stripePaymentIntentId',
    );
  });

  it('gives the diner until the start when the start comes sooner than 48 hours', () => {
    const soon = new Date(now.getTime() + 60 * 60 * 1000);
    expect(
      chargeDeclined({ order: held, event: { startsAt: soon }, now }, 'x').patch.fixPaymentDeadline,
    ).toEqual(soon);
  });
});
