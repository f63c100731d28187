import { describe, expect, it } from 'vitest';
import { approvalDeadline } from '../../core/event-status';
import type { events, users } from '../db/schema';
import { approvalRequestMail, expiredMail } from './event-mail';

type EventRow = typeof events.$inferSelect;
type UserRow = typeof users.$inferSelect;

const requestedAt = new Date('2026-12-04T22:30:00Z');
const startsAt = new Date('2026-12-04T23:00:00Z'); // 6:00 PM in New York
const event = {
  id: 7,
  title: 'Bake Sale',
  startsAt,
  timeZone: 'America/New_York',
  location: 'Gym',
  expectedDiners: 40,
  approvalExpiryDate: approvalDeadline(requestedAt, startsAt),
} as EventRow;
const organizer = { username: 'olivia' } as UserRow;
const truck = { username: 'tacoloco', businessName: 'Taco Loco' } as UserRow;

describe("a truck's answer deadline", () => {
  it('is 24 hours after the request, or the start if that is sooner', () => {
    expect(approvalDeadline(requestedAt, new Date('2026-12-10T00:00:00Z')).toISOString()).toBe(
      '2026-12-05T22:30:00.000Z',
    );
    expect(event.approvalExpiryDate!.toISOString()).toBe(startsAt.toISOString());
  });

  it('is the one the request mail gives, in the event zone, named', () => {
    const mail = approvalRequestMail(event, organizer, truck, 'https://example.com');
    expect(mail.text).toContain('by Fri, Dec 4, 2026, 6:00 PM EST');
    expect(mail.text).not.toContain('24 hours');
    expect(expiredMail(event, organizer, truck, 'https://example.com').text).toContain(
      'did not answer your request for "Bake Sale" by Fri, Dec 4, 2026, 6:00 PM EST',
    );
  });
});
