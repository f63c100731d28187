import { describe, expect, it } from 'vitest';
import { skippedEventTimes } from './zoned-time';

describe('times a daylight-saving night skips', () => {
  it('refuses 02:30 on the spring-forward night in New York, naming the time, never moving it', () => {
    const [skipped, ...more] = skippedEventTimes('2027-03-14', '02:30', '05:00', 'America/New_York');
    expect(more).toEqual([]);
    expect(skipped).toEqual({
      field: 'startTime',
      message:
        '02:30 does not exist on 2027-03-14 in America/New_York: the clocks skip that hour for daylight saving time. Choose another start time (03:30 is the same moment).',
    });
  });

  it('refuses an end inside the gap, on the next day for an overnight event', () => {
    expect(skippedEventTimes('2027-03-13', '22:00', '02:15', 'America/New_York')).toEqual([
      expect.objectContaining({
        field: 'endTime',
        message: expect.stringContaining('02:15 does not exist on 2027-03-14'),
      }),
    ]);
  });

  it('accepts the times around the gap, the repeated autumn hour, and zones without daylight saving', () => {
    expect(skippedEventTimes('2027-03-14', '01:59', '03:00', 'America/New_York')).toEqual([]);
    expect(skippedEventTimes('2027-11-07', '01:30', '02:30', 'America/New_York')).toEqual([]);
    expect(skippedEventTimes('2027-03-14', '02:30', '04:00', 'Asia/Tokyo')).toEqual([]);
    expect(skippedEventTimes('2027-03-28', '02:30', '04:00', 'Europe/Paris')).toHaveLength(1);
  });
});
