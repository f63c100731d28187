import { describe, expect, it } from 'vitest';
import { averageRating, reviewerFirstName, reviewRefusal } from './reviews';

const endsAt = new Date('2026-11-20T21:00:00Z');
const DAY = 24 * 3600 * 1000;

describe('who may review, and when', () => {
  it('opens when the event has closed and closes 30 days after its end', () => {
    expect(reviewRefusal({ status: 'confirmed', endsAt }, new Date(endsAt.getTime() + DAY))).toBe(
      'Reviews open once the event has closed',
    );
    expect(reviewRefusal({ status: 'closed', endsAt }, new Date(endsAt.getTime() + DAY))).toBeNull();
    expect(reviewRefusal({ status: 'closed', endsAt }, new Date(endsAt.getTime() + 30 * DAY))).toBeNull();
    expect(reviewRefusal({ status: 'closed', endsAt }, new Date(endsAt.getTime() + 30 * DAY + 1))).toBe(
      'Reviews close 30 days after the event',
    );
    expect(reviewRefusal({ status: 'cancelled', endsAt }, new Date(endsAt.getTime() + DAY))).not.toBeNull();
  });

  it('lets a diner review only an order that was charged and collected', () => {
    const after = new Date(endsAt.getTime() + DAY);
    const event = { status: 'closed' as const, endsAt };
    expect(reviewRefusal(event, after, { fulfilment: 'collected', status: 'charged' })).toBeNull();
    expect(reviewRefusal(event, after, { fulfilment: 'ready', status: 'charged' })).toBe(
      'Only diners who picked up their order can review the truck',
    );
    expect(reviewRefusal(event, after, { fulfilment: 'collected', status: 'refunded' })).not.toBeNull();
  });

  it('shows a first name and an average to one decimal', () => {
    expect(reviewerFirstName('  Dana   Rivera ')).toBe('Dana');
    expect(reviewerFirstName(' ')).toBe('A diner');
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(5, 1)).toBe(5);
  });
});
