import { describe, expect, it } from 'vitest';
import { pickCoordinates } from './coordinates';

describe('pickCoordinates', () => {
  it('reads the first place and refuses what is not a coordinate', () => {
    expect(pickCoordinates([{ lat: '30.27', lon: '-97.74', display_name: 'Austin' }])).toEqual({
      lat: 30.27,
      lon: -97.74,
      label: 'Austin',
    });
    expect(pickCoordinates([])).toEqual({ error: 'Location not found' });
    expect(pickCoordinates(undefined)).toEqual({ error: 'Location not found' });
    expect(pickCoordinates([{ lat: 'north', lon: '1', display_name: 'x' }])).toEqual({
      error: 'Invalid coordinates received',
    });
    expect(pickCoordinates([{ lat: '91', lon: '1', display_name: 'x' }])).toEqual({
      error: 'Invalid coordinates received',
    });
  });
});
