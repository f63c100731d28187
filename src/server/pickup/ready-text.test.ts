import { describe, expect, it } from 'vitest';
import { readyTextBody } from './ready-text';

describe('readyTextBody', () => {
  it('carries the code, the truck and the event only, in the checkout language', () => {
    expect(readyTextBody('en', { pickupCode: 'K7Q2M' }, 'Taco Loco', 'School Fair')).toBe(
      'Taco Loco: order K7Q2M is ready for pickup at School Fair. Reply STOP to stop texts.',
    );
    expect(readyTextBody('es', { pickupCode: 'K7Q2M' }, 'Taco Loco', 'Feria escolar')).toBe(
      'Taco Loco: tu pedido K7Q2M está listo para recoger en Feria escolar. Responde STOP para no recibir más mensajes.',
    );
  });
});
