/**
 * A diner's browser in the orders bench (scripts/bench/orders.ts): keeps its session cookie, sends a
 * same-origin Origin on writes, and checks out as the event page does (one $10 item, $10.50 with the fee).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

export const CLIENTS = Number(process.env.BENCH_ORDER_CLIENTS ?? 50);
export const UNIT_CENTS = 1000;
export const TOTAL_CENTS = 1050; // 5% platform fee, no markup

/** Keeps connections open, as a browser does; destroyed when the bench ends. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 4 });

export class Diner {
  private cookie = '';

  constructor(readonly port: number) {}

  request(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { origin: `http://127.0.0.1:${this.port}`, ...extra };
    if (payload) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path, agent, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const set = res.headers['set-cookie'];
            if (set) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
            const text = Buffer.concat(chunks).toString();
            resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as unknown) : null });
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  /** The event page's checkout: answers true once the card is held and the order synced. */
  async checkout(eventId: number, itemId: number, n: number): Promise<boolean> {
    // The page makes one Idempotency-Key per checkout attempt.
    const created = await this.request(
      'POST',
      `/api/events/${eventId}/create-payment-intent`,
      {
        items: [{ menuItemId: itemId, quantity: 1 }],
        customerName: `Diner ${n}`,
        customerEmail: `diner${n}@example.com`,
        amount: TOTAL_CENTS,
        platformFeePercentage: 5,
      },
      { 'idempotency-key': randomUUID() },
    );
    if (created.status !== 200) throw new Error(`create ${created.status} ${JSON.stringify(created.json)}`);
    const { orderId, clientSecret } = created.json as { orderId: number; clientSecret: string };
    const confirmed = await this.request('POST', '/api/payments/simulator/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    if (confirmed.status !== 200)
      throw new Error(`confirm ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
    const synced = await this.request('POST', `/api/events/${eventId}/orders/${orderId}/sync`, {});
    if (synced.status !== 200) throw new Error(`sync ${synced.status} ${JSON.stringify(synced.json)}`);
    return (synced.json as { status: string }).status === 'confirmed';
  }
}
