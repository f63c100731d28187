import { describe, expect, it } from 'vitest';
import { describeCancelReason } from './cancel-reason';

describe('describeCancelReason', () => {
  it('puts the server codes into words and passes anything else through', () => {
    expect(describeCancelReason('expired')).toMatch(/did not answer in time/);
    expect(describeCancelReason('organizer')).toBe('The organizer cancelled this event.');
    expect(describeCancelReason(null)).toBeNull();
    expect(describeCancelReason('weather')).toBe('weather');
  });
});
