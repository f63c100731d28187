import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_STATUS_LABELS, type EventStatus } from '@core/event-status';
import { describeFulfilment, describeOrderStatus } from '@core/fulfilment';
import { MAIL_TOPICS, MAIL_TOPIC_LABELS } from '@core/mail-topics';
import { ORDER_STATUSES } from '@core/order-status';
import { describeCancelReason } from '@web/lib/cancel-reason';
import { describeEventPlan } from '@web/lib/event-time';
import { translate, type Translate } from '@web/lib/i18n';
import { switchLanguage } from '@web/lib/i18n-runtime';
import { describeCancel, describePlan } from './event-words';

// The words in the page's language: English, as src/web/test/english.ts installs them, unless a test switches.
const t: Translate = (key, values) => translate(key, values, 'app');

const plan = {
  startsAt: '2026-12-05T23:00:00.000Z',
  endsAt: '2026-12-06T02:00:00.000Z',
  location: 'Riverside Park',
};

// The organizer's screens read these words from the app catalog (issue 41); in English they are the
// spec's, as the shared modules of src/core and src/web/lib still write them for the server and other screens.
afterEach(() => switchLanguage('en'));

describe('the organizer screens English words', () => {
  it('write a plan as describeEventPlan does', () => {
    expect(describePlan(t, plan, 'America/Chicago')).toBe(describeEventPlan(plan, 'America/Chicago'));
  });

  it('give every cancel reason as describeCancelReason does, cut short or not', () => {
    for (const code of ['expired', 'organizer', 'truck', 'admin', 'unfunded', 'something-new']) {
      expect(describeCancel(t, code)).toBe(describeCancelReason(code));
      expect(describeCancel(t, code, true)).toBe(describeCancelReason(code, true));
    }
    expect(describeCancel(t, null)).toBeNull();
  });

  it('name statuses, order statuses, pickup states and mail topics as src/core does', () => {
    for (const status of Object.keys(EVENT_STATUS_LABELS) as EventStatus[])
      expect(t(`events.status.${status}`)).toBe(EVENT_STATUS_LABELS[status]);
    for (const status of ORDER_STATUSES)
      expect(t(`events.orderStatus.${status}`)).toBe(describeOrderStatus(status));
    for (const state of ['ready', 'collected'] as const)
      expect(t(`events.fulfilment.${state}`)).toBe(describeFulfilment(state));
    for (const topic of MAIL_TOPICS) {
      expect(t(`desk.mailTopics.${topic}.label`)).toBe(MAIL_TOPIC_LABELS[topic].label);
      expect(t(`desk.mailTopics.${topic}.hint`)).toBe(MAIL_TOPIC_LABELS[topic].hint);
    }
  });
});

describe('the organizer screens Spanish words', () => {
  it('write a plan with the place after "en"', async () => {
    await switchLanguage('es');
    expect(describePlan(t, plan, 'America/Chicago')).toMatch(/^\S+ 5 .*dic.* 2026, .* en Riverside Park$/);
  });

  it('give a cancel reason in Spanish and an unknown code as it is', async () => {
    await switchLanguage('es');
    expect(describeCancel(t, 'unfunded')).toBe(
      'Los pedidos anticipados no alcanzaron la meta antes de la hora de inicio. No se cobró ninguna tarjeta.',
    );
    expect(describeCancel(t, 'something-new')).toBe('something-new');
  });
});
