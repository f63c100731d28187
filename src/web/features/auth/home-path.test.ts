import { describe, expect, it } from 'vitest';
import type { User } from './api/get-user';
import { returnPathFor } from './home-path';

const truck = { id: 2, username: 'tacoloco', role: 'foodtruck' } as User;

describe('returnPathFor', () => {
  it('goes back to the page that asked for a sign-in', () => {
    expect(returnPathFor(truck, { from: '/events/12/approve' })).toBe('/events/12/approve');
    expect(returnPathFor(truck, { from: '/bookings/3/day?code=K7Q2M' })).toBe('/bookings/3/day?code=K7Q2M');
  });

  it('never leaves the site or loops back to /auth; otherwise the home of the role', () => {
    expect(returnPathFor(truck, { from: '//evil.example/x' })).toBe('/profile');
    expect(returnPathFor(truck, { from: 'https://evil.example' })).toBe('/profile');
    expect(returnPathFor(truck, { from: '/auth' })).toBe('/profile');
    expect(returnPathFor(truck, null)).toBe('/profile');
    expect(returnPathFor(truck, { from: 42 })).toBe('/profile');
  });
});
