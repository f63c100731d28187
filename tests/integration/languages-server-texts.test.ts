import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageId, type ChatMessage } from '../../src/core/chat';
import { signOrderToken } from '../../src/server/access/order-access';
import type { Database } from '../../src/server/db/client';
import { outbox, pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { refundDueOrders } from '../../src/server/orders/refund-due-orders';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import esErrors from '../../src/locales/es/errors.json' with { type: 'json' };
import { ChatSocket } from '../support/chat-socket';
import { chargedOrder } from '../support/payouts';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * What the server writes into an answer, in the caller's language (decision 229): the words in CSV
 * cells (statuses, payment states, why a payout waits, the totals row), a payout's waiting reason, a
 * refund's failure, the organizer's desk, a truck's busy date, the chat's system notices and a
 * refused body's validation messages. Amounts, codes and instants stay the same in every language, and
 * English is the spec's text, word for word.
 */
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const ES = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };
let database: Database;
let app: FastifyInstance;
let baseUrl: string;
let organizer: Agent;
let truck: Agent;
let truckEmail: string;
let truckId: number;
let eventId: number;
let upcomingDate: string;
let bookedDate: string;
let charged: { id: number };
let owed: { id: number };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const host = await createUser(database.db, { contactEmail: 'host@example.com' });
  // The truck chose Spanish: its mails are in it, whatever language a request comes in.
  const tacos = await createTruck(database.db, { businessName: 'Tacos Lupita', language: 'es' });
  truckEmail = tacos.contactEmail!;
  truckId = tacos.id;
  const taco = await createMenuItem(database.db, { foodTruckId: tacos.id, price: 1000 });
  const event = await createEvent(database.db, {
    organizerId: host.id,
    foodTruckId: tacos.id,
    now: clock.now(),
    daysAhead: -1,
    status: 'closed',
    minimumSales: 2000,
  });
  eventId = event.id;
  // A request the truck has not answered yet, on the organizer's desk; the date it asks for is free.
  const asked = await createEvent(database.db, {
    organizerId: host.id,
    foodTruckId: tacos.id,
    now: clock.now(),
    daysAhead: 12,
    status: 'pending_approval',
  });
  upcomingDate = asked.date;
  // A day the truck already accepted: its calendar says why another event can't have it.
  const accepted = await createEvent(database.db, {
    organizerId: host.id,
    foodTruckId: tacos.id,
    now: clock.now(),
    daysAhead: 20,
    status: 'approved',
  });
  bookedDate = accepted.date;
  charged = await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 2, baseCents: 1000 }]);
  // Paid with card 5126: its refund is accepted, then reported failed (and tried again later).
  owed = await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 1, baseCents: 1000 }]);
  const [intent] = await database.db
    .select({ id: pendingOrders.stripePaymentIntentId })
    .from(pendingOrders)
    .where(eq(pendingOrders.id, owed.id));
  await database.db
    .update(simulatorIntents)
    .set({
      metadata: {
        eventId: String(eventId),
        __simulator: { card: { behaviour: 'refund_fails', brand: 'visa', last4: '5126' } },
      },
    })
    .where(eq(simulatorIntents.id, intent!.id!));
  await database.db
    .update(pendingOrders)
    .set({ refundDueAt: clock.now(), refundReason: 'charged after the start' })
    .where(eq(pendingOrders.id, owed.id));
  await refundDueOrders({ ...app.ctx, log: app.log });
  await app.ctx.payments.flush?.();
  organizer = new Agent(app);
  await organizer.login(host.username);
  truck = new Agent(app);
  await truck.login(tacos.username);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** The rows of a CSV body, each a list of cells (quoted text unquoted; numbers as written). */
function csvRows(body: string): string[][] {
  return body
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .slice(0, -1)
        .map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!)),
    );
}

/** The cell under `column` (the English header) of the row whose first cell is `first`, in each language. */
async function cells(agent: Agent, url: string, column: string) {
  const [en, es] = await Promise.all([agent.get(url, EN), agent.get(url, ES)]);
  expect(en.statusCode).toBe(200);
  expect(es.statusCode).toBe(200);
  const [enRows, esRows] = [csvRows(en.body), csvRows(es.body)];
  const at = enRows[0]!.indexOf(column);
  expect(at).toBeGreaterThanOrEqual(0);
  return { en: enRows.slice(1).map((r) => r[at]), es: esRows.slice(1).map((r) => r[at]), enRows, esRows };
}

describe('CSV cells', () => {
  it('say an order’s status and payment in Spanish, amounts and codes unchanged', async () => {
    const url = `/api/events/${eventId}/orders.csv`;
    const status = await cells(organizer, url, 'Status');
    expect(status.en).toEqual(['charged', 'charged']);
    expect(status.es).toEqual(['Pagado', 'Pagado']);
    const payment = await cells(organizer, url, 'Payment');
    expect(payment.en).toEqual(['Charged', 'Refund failed, being retried']);
    expect(payment.es).toEqual(['Cobrado', 'Reembolso fallido, se está reintentando']);
    for (const column of ['Pickup code', 'Food', 'Total', 'Refunded', 'Ordered at', 'Currency']) {
      const same = await cells(organizer, url, column);
      expect(same.es).toEqual(same.en);
    }
  });

  it('say a booking’s status in Spanish', async () => {
    const status = await cells(truck, '/api/bookings/export.csv', 'Status');
    expect(status.en).toContain('closed');
    expect(status.en).not.toContain('Cerrado');
    expect(status.es).toContain('Cerrado');
    expect(status.es).not.toContain('closed');
  });

  it('say a payout’s status, why it waits and the totals row in Spanish', async () => {
    const url = '/api/payouts/export.csv';
    // The ended event waits for the truck's payout account; the one ahead has nothing to pay yet.
    const status = await cells(truck, url, 'Status');
    const ended = status.en.indexOf('blocked');
    expect(status.en).toEqual(expect.arrayContaining(['blocked', 'pending']));
    expect(status.es[ended]).toBe('Bloqueado');
    expect(status.es[status.en.indexOf('pending')]).toBe('Pendiente');
    const note = await cells(truck, url, 'Note');
    expect(note.en[ended]).toBe('No payout account connected yet');
    expect(note.es[ended]).toBe('Aún no hay una cuenta para pagos conectada');
    expect(note.enRows.at(-1)![0]).toBe('Total');
    expect(note.esRows.at(-1)![0]).toBe('Total');
    const share = await cells(truck, url, 'Your share');
    expect(share.es).toEqual(share.en);
  });
});

describe('reasons in JSON answers', () => {
  it('a payout waits for a Spanish reason, the spec’s English otherwise', async () => {
    const reasonOf = async (headers: Record<string, string>) =>
      (await truck.get('/api/payouts', headers))
        .json()
        .events.find((e: { eventId: number }) => e.eventId === eventId).reason;
    expect(await reasonOf(ES)).toBe('Aún no hay una cuenta para pagos conectada');
    expect(await reasonOf(EN)).toBe('No payout account connected yet');
  });

  it('a refund’s failure reaches the diner, the organizer and the truck in their language', async () => {
    const token = signOrderToken(app.ctx.config.sessionSecret, owed.id);
    const receipt = async (headers: Record<string, string>) =>
      (await new Agent(app).get(`/api/events/${eventId}/orders/${owed.id}?token=${token}`, headers)).json()
        .order.refundFailure;
    expect(await receipt(ES)).toBe('El reembolso a tu tarjeta falló; lo estamos intentando de nuevo.');
    expect(await receipt(EN)).toBe('The refund to your card failed; we are trying again.');

    const payment = async (headers: Record<string, string>) =>
      (await organizer.get(`/api/events/${eventId}/orders`, headers))
        .json()
        .orders.find((o: { id: number }) => o.id === owed.id).payment;
    expect(await payment(ES)).toBe('Reembolso fallido, se está reintentando');
    expect(await payment(EN)).toBe('Refund failed, being retried');
    const day = (await truck.get(`/api/bookings/${eventId}/orders`, ES)).json();
    expect(day.orders.find((o: { id: number }) => o.id === charged.id).payment).toBe('Cobrado');

    // The truck chose Spanish: the provider's reason in its mail is Spanish too.
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, truckEmail), eq(outbox.kind, 'refund-refused')));
    expect(mail!.textBody).toContain('la tarjeta del comensal venció o se canceló');
    expect(mail!.textBody).not.toContain('expired');
  });

  it('the organizer’s desk says what needs them in Spanish', async () => {
    const textOf = async (headers: Record<string, string>) =>
      (await organizer.get('/api/organizer/desk', headers))
        .json()
        .attention.find((a: { kind: string }) => a.kind === 'awaiting-truck').text;
    expect(await textOf(ES)).toBe(
      'Esperando a que Tacos Lupita acepte. Si no responde a tiempo, la solicitud vence.',
    );
    expect(await textOf(EN)).toBe(
      "Waiting for Tacos Lupita to accept. If they don't answer in time, the request lapses.",
    );
  });

  it('a truck’s busy date is explained in Spanish', async () => {
    expect(bookedDate).toBe('2026-12-11');
    const reason = async (date: string, headers: Record<string, string>) =>
      (await new Agent(app).get(`/api/trucks/${truckId}/availability?date=${date}`, headers)).json().date
        .reason;
    expect(await reason(bookedDate, ES)).toBe(
      'Tacos Lupita ya tiene una reserva el viernes, 11 de diciembre de 2026. Elige otra fecha u otro food truck.',
    );
    expect(await reason(bookedDate, EN)).toBe(
      'Tacos Lupita is already booked on Friday, December 11, 2026. Please choose another date or truck.',
    );
    expect(await reason(upcomingDate, ES)).toBeNull();
  });
});

describe('validation messages', () => {
  const confirm = (payload: unknown, headers: Record<string, string>) =>
    new Agent(app).post('/api/reminders/confirm', payload, headers);

  it('say zod’s generic issues in Spanish, in the message and the field', async () => {
    for (const [payload, english, spanish] of [
      [{}, 'Required', 'Obligatorio'],
      [{ token: 5 }, 'Expected string, received number', 'Se esperaba texto y se recibió un número'],
      [
        { token: 'x'.repeat(201) },
        'String must contain at most 200 characters',
        'Puede tener como máximo 200 caracteres',
      ],
    ] as const) {
      const es = await confirm(payload, ES);
      expect(es.statusCode).toBe(400);
      expect(es.json()).toEqual({ code: 'invalid_request', message: spanish, errors: { token: spanish } });
      const en = await confirm(payload, EN);
      expect(en.json()).toEqual({ code: 'invalid_request', message: english, errors: { token: english } });
    }
  });

  it('say a schema’s own message in Spanish, and a body that is not JSON by its code', async () => {
    const es = await new Agent(app).post(`/api/events/${eventId}/reminders`, { email: 'not-an-address' }, ES);
    expect(es.statusCode).toBe(400);
    expect(es.json().message).toBe(es.json().errors.email);
    expect(es.json().message).toBe('Escribe un correo electrónico válido');
    const en = await new Agent(app).post(`/api/events/${eventId}/reminders`, { email: 'not-an-address' }, EN);
    expect(en.json().message).toBe(en.json().errors.email);
    expect(en.json().message).toBe('Please provide a valid email address');
    const broken = await new Agent(app).request({
      method: 'POST',
      url: '/api/reminders/confirm',
      payload: '{"token":',
      headers: { ...ES, 'content-type': 'application/json' },
    });
    expect(broken.json()).toEqual({ code: 'invalid_json', message: esErrors.invalid_json });
  });
});

describe('the chat’s system notices', () => {
  async function chatIn(language: 'es' | 'en') {
    const agent = new Agent(app);
    await agent.get('/api/chat/history');
    const socket = await ChatSocket.open(baseUrl, {
      origin: baseUrl,
      cookie: `${agent.cookieHeader()}; lang=${language}`,
    });
    return socket;
  }
  const notice = (socket: ChatSocket, replyTo: string | null) =>
    socket.next((m: ChatMessage) => m.type === 'system' && m.replyTo === replyTo);

  it('are in the language of the page that opened the chat', async () => {
    const es = await chatIn('es');
    const en = await chatIn('en');
    try {
      for (const [socket, empty, binary] of [
        [es, 'El mensaje está vacío', 'Los mensajes deben ser texto.'],
        [en, 'Message is empty', 'Messages must be text.'],
      ] as const) {
        const id = createMessageId();
        socket.send({ id, type: 'message', text: '   ' });
        expect((await notice(socket, id)).text).toBe(empty);
        socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
        expect((await notice(socket, null)).text).toBe(binary);
      }
    } finally {
      es.close();
      en.close();
    }
  });
});
