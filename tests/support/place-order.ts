import type { Agent } from './test-app';

/** Pre-orders `quantity` of one item at `unitCents` through the simulator, as the event page does. */
export async function placeOrder(
  agent: Agent,
  eventId: number,
  menuItemId: number,
  options: { quantity?: number; unitCents: number; email?: string; name?: string; card?: string },
) {
  const quantity = options.quantity ?? 1;
  const res = await agent.post(`/api/events/${eventId}/create-payment-intent`, {
    items: [{ menuItemId, quantity, unitPrice: options.unitCents / 100, name: 'Item' }],
    customerName: options.name ?? 'Dana Diner',
    customerEmail: options.email ?? 'diner@example.com',
    amount: options.unitCents * quantity,
    markupPercentage: 0,
    platformFeePercentage: 5,
  });
  if (res.statusCode !== 200) throw new Error(`create-payment-intent ${res.statusCode} ${res.body}`);
  const created = res.json() as { orderId: number; clientSecret: string };
  const confirm = await agent.post('/api/payments/simulator/confirm', {
    clientSecret: created.clientSecret,
    cardNumber: options.card ?? '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  if (confirm.statusCode === 200) await agent.post(`/api/events/${eventId}/orders/${created.orderId}/sync`);
  return { orderId: created.orderId, confirmStatus: confirm.statusCode };
}
