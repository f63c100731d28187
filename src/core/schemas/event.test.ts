import { describe, expect, it } from 'vitest';
import {
  approvalFieldsSchema,
  approvalSchema,
  CAUSE_TOO_LONG,
  createEventSchema,
  END_BEFORE_START,
  GOAL_ABOVE_ZERO,
} from './event';

const valid = {
  title: 'Spring Fundraiser',
  date: '2026-12-05',
  startTime: '18:00',
  endTime: '21:00',
  timeZone: 'America/Chicago',
  location: 'Lincoln Elementary',
  expectedDiners: 80,
  minimumSales: '500.00',
  foodTruckId: 7,
};

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('createEventSchema', () => {
  it('takes a valid request, with the cause trimmed and a blank cause as none', () => {
    const parsed = createEventSchema.parse({ ...valid, cause: '  New books for the library.  ' });
    expect(parsed.cause).toBe('New books for the library.');
    expect(createEventSchema.parse({ ...valid, cause: '   ' }).cause).toBeNull();
    expect(createEventSchema.parse(valid).cause).toBeNull();
  });

  it('refuses an end time before the start on the same evening', () => {
    const result = createEventSchema.safeParse({ ...valid, startTime: '18:00', endTime: '17:00' });
    expect(messagesOf(result)).toEqual({ endTime: END_BEFORE_START });
    expect(messagesOf(createEventSchema.safeParse({ ...valid, endTime: '18:00' }))).toEqual({
      endTime: END_BEFORE_START,
    });
  });

  it('accepts a late event that runs past midnight, up to 12 hours', () => {
    expect(createEventSchema.safeParse({ ...valid, startTime: '22:00', endTime: '03:00' }).success).toBe(
      true,
    );
    expect(createEventSchema.safeParse({ ...valid, startTime: '20:00', endTime: '08:00' }).success).toBe(
      true,
    );
    expect(createEventSchema.safeParse({ ...valid, startTime: '20:00', endTime: '08:01' }).success).toBe(
      false,
    );
  });

  it('says a missing time is missing, not out of order', () => {
    const result = createEventSchema.safeParse({ ...valid, title: '', endTime: '' });
    expect(messagesOf(result)).toEqual({ title: 'Title is required', endTime: 'End time is required' });
  });

  it('refuses a goal of $0.00', () => {
    for (const minimumSales of ['0', '0.00', 0, '0.001']) {
      expect(messagesOf(createEventSchema.safeParse({ ...valid, minimumSales }))).toEqual({
        minimumSales: GOAL_ABOVE_ZERO,
      });
    }
    expect(createEventSchema.parse({ ...valid, minimumSales: '0.01' }).minimumSales).toBe(1);
  });

  it('caps the cause at 2,000 characters', () => {
    expect(createEventSchema.safeParse({ ...valid, cause: 'x'.repeat(2000) }).success).toBe(true);
    expect(messagesOf(createEventSchema.safeParse({ ...valid, cause: 'x'.repeat(2001) }))).toEqual({
      cause: CAUSE_TOO_LONG,
    });
  });
});

describe('approvalSchema', () => {
  it('needs a goal above zero to approve, not to decline', () => {
    expect(messagesOf(approvalSchema.safeParse({ status: 'approved', minimumSales: '0' }))).toEqual({
      minimumSales: GOAL_ABOVE_ZERO,
    });
    expect(approvalSchema.safeParse({ status: 'rejected', minimumSales: '0' }).success).toBe(true);
    expect(approvalSchema.parse({ status: 'approved', minimumSales: '250' }).minimumSales).toBe(25_000);
    expect(messagesOf(approvalFieldsSchema.safeParse({ minimumSales: '0.00' }))).toEqual({
      minimumSales: GOAL_ABOVE_ZERO,
    });
  });

  describe("reads the date in the event's own zone", () => {
    it.each([
      ['Asia/Tokyo', '2026-12-19T15:00:00.000Z'],
      ['Pacific/Auckland', '2026-12-19T11:00:00.000Z'],
      ['Pacific/Honolulu', '2026-12-20T10:00:00.000Z'],
      ['America/Los_Angeles', '2026-12-20T08:00:00.000Z'],
    ])(
      '%s: local midnight as an ISO timestamp and as YYYY-MM-DD are both 20 December',
      (timeZone, midnight) => {
        expect(createEventSchema.parse({ ...valid, timeZone, date: midnight }).date).toBe('2026-12-20');
        expect(createEventSchema.parse({ ...valid, timeZone, date: '2026-12-20' }).date).toBe('2026-12-20');
      },
    );

    it('reads a timestamp in UTC when no zone is given', () => {
      const { timeZone: _, ...withoutZone } = valid;
      const parsed = createEventSchema.parse({ ...withoutZone, date: '2026-12-19T15:00:00.000Z' });
      expect(parsed).toMatchObject({ timeZone: 'UTC', date: '2026-12-19' });
    });

    it('says an unreadable date is invalid, and an unknown zone is unknown', () => {
      expect(messagesOf(createEventSchema.safeParse({ ...valid, date: '2026-02-30T00:00:00Z' }))).toEqual({
        date: 'Invalid date format',
      });
      expect(
        messagesOf(
          createEventSchema.safeParse({ ...valid, date: '2026-12-19T15:00:00Z', timeZone: 'Mars/Base' }),
        ),
      ).toEqual({ timeZone: 'Unknown time zone' });
    });
  });
});
