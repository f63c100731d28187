import { describe, expect, it } from 'vitest';
import { acceptsScheduleChange, changeAnswerDeadline, isEditableEvent } from './event-status';
import { canDinerCancel, CHARGES_IN_PROGRESS, dinerCancelRefusal, isEntitledByChange } from './order-status';
import { changeRequestSchema, editEventSchema } from './schemas/event';

const at = (iso: string) => new Date(iso);
const changed = { changedSinceOrder: true };

describe('editing an event (decision 130)', () => {
  it('lets the organizer edit until the end, never once it is over', () => {
    const end = at('2026-12-05T21:00:00Z');
    expect(isEditableEvent('pending_approval', at('2026-12-01T00:00:00Z'), end)).toBe(true);
    expect(isEditableEvent('confirmed', at('2026-12-05T20:59:00Z'), end)).toBe(true);
    expect(isEditableEvent('confirmed', end, end)).toBe(false);
    for (const status of ['rejected', 'cancelled', 'closed', 'payment_failed'] as const)
      expect(isEditableEvent(status, at('2026-12-01T00:00:00Z'), end)).toBe(false);
  });

  it('moves only a live event that has not started', () => {
    const start = at('2026-12-05T18:00:00Z');
    expect(acceptsScheduleChange('approved', at('2026-12-05T17:59:00Z'), start)).toBe(true);
    expect(acceptsScheduleChange('confirmed', at('2026-12-05T17:59:00Z'), start)).toBe(true);
    expect(acceptsScheduleChange('confirmed', start, start)).toBe(false);
    expect(acceptsScheduleChange('pending_approval', at('2026-12-01T00:00:00Z'), start)).toBe(false);
    expect(acceptsScheduleChange('cancelled', at('2026-12-01T00:00:00Z'), start)).toBe(false);
  });

  it('gives the truck 24 hours to answer, or until the start if sooner', () => {
    const start = at('2026-12-05T18:00:00Z');
    expect(changeAnswerDeadline(at('2026-12-01T12:00:00Z'), start)).toEqual(at('2026-12-02T12:00:00Z'));
    expect(changeAnswerDeadline(at('2026-12-05T12:00:00Z'), start)).toEqual(start);
  });

  it('checks edits and changes with the rules and messages of creation', () => {
    const edit = editEventSchema.safeParse({ title: ' ', cause: '', expectedDiners: 0 });
    expect(edit.success).toBe(false);
    const messages = edit.error!.issues.map((i) => i.message);
    expect(messages).toContain('Title is required');
    expect(messages).toContain('Must have at least 1 diner');
    expect(editEventSchema.parse({ title: ' Tacos ', cause: '  ', expectedDiners: 3 })).toEqual({
      title: 'Tacos',
      cause: null,
      expectedDiners: 3,
    });
    const change = changeRequestSchema.safeParse({
      date: '2026-12-05',
      startTime: '18:00',
      endTime: '17:00',
      location: 'Park',
    });
    expect(change.error?.issues[0]).toMatchObject({
      path: ['endTime'],
      message: 'End time must be after the start time',
    });
  });
});

describe('diners of a changed event (decision 131)', () => {
  const event = { changedAt: at('2026-12-02T10:00:00Z'), startsAt: at('2026-12-06T18:00:00Z') };

  it('entitles only orders placed before the change, until the new start', () => {
    const before = { createdAt: at('2026-12-01T10:00:00Z') };
    const after = { createdAt: at('2026-12-03T10:00:00Z') };
    expect(isEntitledByChange(event, before, at('2026-12-04T00:00:00Z'))).toBe(true);
    expect(isEntitledByChange(event, after, at('2026-12-04T00:00:00Z'))).toBe(false);
    expect(isEntitledByChange(event, before, event.startsAt)).toBe(false);
    expect(isEntitledByChange({ ...event, changedAt: null }, before, at('2026-12-04T00:00:00Z'))).toBe(false);
  });

  it('lets an entitled diner leave after the goal, for a release or a refund', () => {
    expect(dinerCancelRefusal('confirmed', 'charged', changed)).toBeNull();
    expect(dinerCancelRefusal('confirmed', 'confirmed', changed)).toBeNull();
    expect(dinerCancelRefusal('approved', 'confirmed', changed)).toBeNull();
    expect(canDinerCancel('confirmed', 'charged', changed)).toBe(true);
    // Without the change, the goal is final.
    expect(dinerCancelRefusal('confirmed', 'charged')).toMatch(/already been charged/);
    expect(canDinerCancel('confirmed', 'charged')).toBe(false);
  });

  it('asks to wait while cards are being charged, and never refunds twice', () => {
    expect(dinerCancelRefusal('processing', 'charged', changed)).toBe(CHARGES_IN_PROGRESS);
    expect(dinerCancelRefusal('processing', 'confirmed', changed)).toBe(CHARGES_IN_PROGRESS);
    expect(dinerCancelRefusal('confirmed', 'refunded', changed)).toMatch(/already been refunded/);
    expect(dinerCancelRefusal('cancelled', 'charged', changed)).toMatch(/already been charged/);
    expect(canDinerCancel('confirmed', 'cancelled', changed)).toBe(false);
  });
});
