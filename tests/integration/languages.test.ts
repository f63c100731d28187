import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { events as eventsTable, outbox, pendingOrders, users } from '../../src/server/db/schema';
import { setEventHidden } from '../../src/server/admin/set-event-hidden';
import { changeRequestMail, dinerChangeMail } from '../../src/server/events/change-mail';
import { eventOutcomeMail } from '../../src/server/engine/outcome-mails';
import { orderCorrectedMail, orderRefundedMail } from '../../src/server/orders/refund-mail';
import { tellRecipientPayoutSent } from '../../src/server/payouts/payout-mails';
import { sendDueReminders } from '../../src/server/reminders/send-due-reminders';
import { enqueueThankYouMails } from '../../src/server/reviews/thank-you-mail';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import esErrors from '../../src/locales/es/errors.json' with { type: 'json' };
import { confirmCard } from '../support/orders';
import { Agent, createClock, openTestDatabase, testConfig } from '../support/test-app';

/**
 * What the server writes itself, in the reader's language (issue 41, decision 229): the share card,
 * the calendar file, the CSV headers and the API's error messages in the requester's language (the
 * switcher's cookie, else Accept-Language), account mails in the account's saved language, a diner's
 * mails in their checkout's. English stays the spec's text, word for word.
 */
const clock = createClock(new Date('2026-05-04T15:00:00Z'));
let database: Database;
let app: FastifyInstance;
let root: string;
let eventId: number;
let organizerName: string;
let truckName: string;
const ES = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'languages-'));
  await mkdir(path.join(root, 'web'));
  await writeFile(
    path.join(root, 'web', 'index.html'),
    '<!doctype html><html lang="en"><head><title>Food Truck Fund</title></head><body><div id="root"></div></body></html>',
  );
  app = await buildApp(testConfig({ now: clock.now }), {
    database,
    serveClient: true,
    clientDir: path.join(root, 'web'),
  });
  await app.ready();
  const organizer = await createUser(database.db, { contactEmail: 'host@example.com' });
  const truck = await createTruck(database.db, { businessName: 'Tacos Lupita' });
  organizerName = organizer.username;
  truckName = truck.username;
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 10,
    minimumSales: 50_000,
    title: 'Noche de tacos',
    location: 'Parque Central',
    status: 'approved',
  });
  eventId = event.id;
  // One Spanish diner's order, so the organizer's CSV has a row and the diner's mail its language.
  const diner = new Agent(app);
  const res = await diner.post(
    `/api/events/${eventId}/create-payment-intent`,
    {
      items: [{ menuItemId: taco.id, quantity: 1, unitPrice: 10.5, name: 'Taco' }],
      customerName: 'Ana',
      customerEmail: 'ana@example.com',
      amount: 1050,
      markupPercentage: 0,
      platformFeePercentage: 5,
    },
    ES,
  );
  expect(res.statusCode).toBe(200);
  const { orderId, clientSecret } = res.json() as { orderId: number; clientSecret: string };
  await confirmCard(diner, clientSecret);
  await diner.post(`/api/events/${eventId}/orders/${orderId}/sync`, undefined, ES);
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(root, { recursive: true, force: true });
});

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe('the share card', () => {
  it('is in Spanish for a Spanish visitor, dates in Spanish in the event zone', async () => {
    const res = await app.inject({ url: `/events/public/${eventId}`, headers: ES });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:title')).toBe('Noche de tacos con Tacos Lupita');
    const description = meta(res.body, 'og:description')!;
    expect(description).toContain(' en Parque Central. Tacos Lupita. 2 % de la meta, faltan $490. ');
    expect(description).toContain(
      'Haz tu pedido anticipado: solo se cobra a las tarjetas si se alcanza la meta.',
    );
    expect(description).toMatch(
      /^(lun|mar|mié|jue|vie|sáb|dom), \d{1,2} de \w+ de \d{4}, \d{1,2}:\d{2} [ap]\.\s?m\. UTC en /,
    );
  });

  it('is the spec’s English for an English visitor and by default', async () => {
    for (const headers of [EN, {}]) {
      const res = await app.inject({ url: `/events/public/${eventId}`, headers });
      expect(meta(res.body, 'og:title')).toBe('Noche de tacos with Tacos Lupita');
      expect(meta(res.body, 'og:description')).toMatch(
        /^\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC at Parque Central\. Tacos Lupita\. 2% funded, \$490 to go\. Pre-order your food: cards are only charged if the goal is reached\.$/,
      );
    }
  });

  it('follows the switcher’s cookie over Accept-Language', async () => {
    const res = await app.inject({ url: `/events/public/${eventId}`, headers: { ...EN, cookie: 'lang=es' } });
    expect(meta(res.body, 'og:title')).toBe('Noche de tacos con Tacos Lupita');
  });
});

describe('the calendar file', () => {
  it('has its own lines in the requester’s language', async () => {
    const es = await app.inject({ url: `/api/events/${eventId}/calendar.ics`, headers: ES });
    const unfolded = es.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('Food truck: Tacos Lupita');
    expect(unfolded).toContain('Los pedidos anticipados solo se cobran si el evento alcanza su meta.');
    expect(unfolded).toContain('Página del evento: ');
    const en = await app.inject({ url: `/api/events/${eventId}/calendar.ics`, headers: EN });
    const english = en.body.replace(/\r\n[ \t]/g, '');
    expect(english).toContain('Pre-orders are only charged if the event reaches its funding goal.');
    expect(english).toContain('Event page: ');
  });
});

describe('CSV headers', () => {
  it('are in Spanish for a Spanish organizer and truck, and unchanged in English', async () => {
    const organizer = new Agent(app);
    await organizer.login(organizerName);
    const es = await organizer.get(`/api/events/${eventId}/orders.csv`, ES);
    expect(es.statusCode).toBe(200);
    const [esHeader] = es.body.split('\r\n');
    expect(esHeader).toBe(
      '"Código de recogida","Nombre","Platillos","Estado","Pago","Recogida","Comida","Impuesto sobre ventas","Propina","Total","Reembolsado","Motivos del reembolso","Pedido el","Nota","Descuento por código promocional","Donativo","Comisión del donativo","Moneda"',
    );
    const en = await organizer.get(`/api/events/${eventId}/orders.csv`, EN);
    expect(en.body.split('\r\n')[0]).toBe(
      '"Pickup code","Name","Items","Status","Payment","Pickup","Food","Sales tax","Tip","Total","Refunded","Refund reasons","Ordered at","Note","Promo code discount","Gift","Gift fee","Currency"',
    );
    // The rows are as many in both languages; their words are the reader's too
    // (tests/integration/languages-server-texts.test.ts), their amounts and codes the same.
    expect(en.body.split('\r\n')).toHaveLength(es.body.split('\r\n').length);

    const truck = new Agent(app);
    await truck.login(truckName);
    const bookings = await truck.get('/api/bookings/export.csv', ES);
    expect(bookings.body.split('\r\n')[0]).toBe(
      '"Evento","Fecha","Inicio","Fin","Zona horaria","Lugar","Estado","Meta","Ventas","Pedidos","Reembolsado por el food truck","Platillo","Cantidad","Moneda"',
    );
    const payouts = await truck.get('/api/payouts/export.csv', ES);
    expect(payouts.body.split('\r\n')[0]).toBe(
      '"Evento","Fecha","Bruto","Reembolsos","Comisión de la plataforma","Impuesto sobre ventas","Propinas","Tu parte","Estado","Programado para","Pagado el","Nota","Donativos","Descuentos por código promocional","Garantía del organizador","Moneda"',
    );
  });
});

describe('API error messages', () => {
  it('are in Spanish by their code, and the thrown English otherwise', async () => {
    const es = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...ES, origin: 'http://localhost:80' },
      payload: { username: organizerName, password: 'wrong-password' },
    });
    expect(es.statusCode).toBe(401);
    expect(es.json()).toMatchObject({ code: 'invalid_credentials', message: esErrors.invalid_credentials });
    const en = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...EN, origin: 'http://localhost:80' },
      payload: { username: organizerName, password: 'wrong-password' },
    });
    expect(en.json().code).toBe('invalid_credentials');
    expect(en.json().message).not.toBe(esErrors.invalid_credentials);
    const missing = await app.inject({ url: '/api/events/999999', headers: ES });
    expect(missing.json()).toMatchObject({ code: 'not_found', message: esErrors.not_found });
  });
});

describe('a visitor’s reminder', () => {
  it('is confirmed by a mail in the language of the page it was asked from', async () => {
    for (const [headers, email] of [
      [ES, 'rosa@example.com'],
      [EN, 'ruth@example.com'],
    ] as const) {
      const res = await new Agent(app).post(`/api/events/${eventId}/reminders`, { email }, headers);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const [spanish] = await mailsTo('rosa@example.com', 'reminder-confirm');
    expect(spanish!.subject).toBe('Confirma tu recordatorio para Noche de tacos');
    expect(spanish!.textBody).toContain(
      'Pediste que te recordáramos «Noche de tacos» (jue, 14 de may de 2026, de ',
    );
    const [english] = await mailsTo('ruth@example.com', 'reminder-confirm');
    expect(english!.subject).toBe('Confirm your reminder for Noche de tacos');
    expect(english!.textBody).toMatch(
      /You asked to be reminded about "Noche de tacos" \(Thu, May 14, 2026, 6:00 PM UTC to 9:00 PM UTC, Parque Central\)\./,
    );
  });
});

function mailsTo(address: string, kind: string) {
  return database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.recipient, address)))
    .orderBy(desc(outbox.id));
}

describe('mails', () => {
  it('about an account are in its saved language, English while it has none', async () => {
    await createUser(database.db, { username: 'lucia', contactEmail: 'lucia@example.com', language: 'es' });
    await createUser(database.db, { username: 'laura', contactEmail: 'laura@example.com' });
    for (const login of ['lucia', 'laura']) {
      // Asked from an English browser: the account's choice decides, not the request's.
      const res = await new Agent(app, `10.9.0.${login.length}`).post(
        '/api/password-reset/request',
        { login },
        EN,
      );
      expect(res.statusCode).toBe(200);
    }
    const [spanish] = await mailsTo('lucia@example.com', 'password-reset');
    expect(spanish!.subject).toBe('Restablece tu contraseña de Food Truck Fund');
    expect(spanish!.textBody).toContain('Hola, lucia:');
    expect(spanish!.textBody).toContain('Elegir una contraseña nueva');
    expect(spanish!.htmlBody).toContain('lang="es"');
    const [english] = await mailsTo('laura@example.com', 'password-reset');
    expect(english!.subject).toBe('Reset your Food Truck Fund password');
    expect(english!.textBody).toContain('Hi laura,');
    expect(english!.textBody).toContain(
      'The link works once, for 1 hour. Resetting signs you out on every device.',
    );
  });

  it('to a diner are in their checkout’s language, calendar file included', async () => {
    const [received] = await mailsTo('ana@example.com', 'order-received');
    expect(received!.subject).toBe('Tu pedido anticipado para Noche de tacos');
    const ics = received!.attachments![0]!.content.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('Página del evento: ');
  });

  it('to a diner about the event (an update, the reminder) are in their checkout’s language too', async () => {
    const organizer = new Agent(app);
    await organizer.login(organizerName);
    const posted = await organizer.post(`/api/events/${eventId}/updates`, { text: 'Bring a blanket!' });
    expect(posted.statusCode, posted.body).toBe(201);
    const [update] = await mailsTo('ana@example.com', 'event-update');
    expect(update!.subject).toBe('Novedad: Noche de tacos');
    expect(update!.textBody).toContain('publicó una novedad sobre "Noche de tacos"');
    expect(update!.textBody).toContain('Bring a blanket!');

    const [row] = await database.db.select().from(eventsTable).where(eq(eventsTable.id, eventId));
    clock.set(new Date(row!.startsAt.getTime() - 23 * 60 * 60 * 1000));
    await sendDueReminders(app.ctx);
    const [reminder] = await mailsTo('ana@example.com', 'reminder-diner');
    expect(reminder!.subject).toBe('Mañana: Noche de tacos');
    expect(reminder!.textBody).toContain('Hola, Ana:');
    expect(reminder!.textBody).toContain('Tu pedido: 1 × ');
    expect(reminder!.textBody).toContain('($10.50)');
    expect(reminder!.textBody).toContain(
      'El evento todavía no alcanza su meta (2 % de la meta, faltan $490).',
    );
    expect(reminder!.attachments![0]!.content.replace(/\r\n[ \t]/g, '')).toContain('Página del evento: ');
  });

  it('to a diner about their money (refund, correction) and the thanks after the event are in their checkout’s language', async () => {
    const [order] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.customerEmail, 'ana@example.com'));
    const [event] = await database.db.select().from(eventsTable).where(eq(eventsTable.id, eventId));
    expect(order!.language).toBe('es');
    const refunded = orderRefundedMail(
      { ...order!, refundReason: 'charged after the start', refundedAmount: 1050 },
      event!,
      'http://localhost/x',
    );
    expect(refunded.subject).toBe('Reembolso: Noche de tacos');
    expect(refunded.text).toContain('Tu pago para "Noche de tacos" llegó después de que el evento empezó');
    expect(refunded.text).toContain('Te reembolsamos $10.50 a tu tarjeta.');
    const corrected = orderCorrectedMail(
      { ...order!, correctedAmount: 300 },
      event!,
      { amount: 300, reason: 'Sin tortillas' } as Parameters<typeof orderCorrectedMail>[2],
      'http://localhost/x',
    );
    expect(corrected.subject).toBe('Reembolso de $3.00: Noche de tacos');
    expect(corrected.text).toContain(
      'después de reembolsos por $3.00 en total, se mantiene el cobro de $7.50.',
    );
    // The same mails in English for an English checkout, word for word as before.
    const english = orderRefundedMail(
      { ...order!, language: 'en', refundReason: 'charged after the start', refundedAmount: 1050 },
      event!,
      'http://localhost/x',
    );
    expect(english.subject).toBe('Refunded: Noche de tacos');
    expect(english.text).toContain(
      'We have refunded $10.50 to your card. Depending on your bank it shows on your statement within 5 to 10 business days.',
    );

    await database.db
      .update(pendingOrders)
      .set({ status: 'charged', fulfilment: 'collected' })
      .where(eq(pendingOrders.id, order!.id));
    await enqueueThankYouMails(database.db, event!, { baseUrl: 'http://localhost', secret: 'x'.repeat(32) });
    const [thanks] = await mailsTo('ana@example.com', 'thank-you');
    expect(thanks!.subject).toBe('Gracias por venir a Noche de tacos: ¿qué tal Tacos Lupita?');
    expect(thanks!.textBody).toContain('¿Qué tal estuvo la comida de Tacos Lupita?');
  });

  it('to the organizer or truck about the event’s outcome are in the reader’s saved language', async () => {
    const [event] = await database.db.select().from(eventsTable).where(eq(eventsTable.id, eventId));
    const [organizer] = await database.db.select().from(users).where(eq(users.username, organizerName));
    const [truck] = await database.db.select().from(users).where(eq(users.username, truckName));
    const cancelled = {
      ...event!,
      status: 'cancelled' as const,
      cancelledBy: 'organizer' as const,
      cancelNote: 'Lluvia',
    };
    const parties = { organizer: organizer!, truck: truck! };
    const es = eventOutcomeMail(
      'cancelled',
      cancelled,
      { ...organizer!, language: 'es' },
      parties,
      'http://x',
    )!;
    expect(es.subject).toBe('Cancelado: Noche de tacos');
    expect(es.text).toContain(`fue cancelado por quien lo organiza (${organizerName}).`);
    expect(es.text).toContain('El motivo: «Lluvia»');
    const goal = eventOutcomeMail(
      'goal-reached',
      event!,
      { ...truck!, language: 'es' },
      parties,
      'http://x',
    )!;
    expect(goal.text).toContain('alcanzó su meta de ventas mínimas de $500.00.');
    const en = eventOutcomeMail(
      'cancelled',
      cancelled,
      { ...organizer!, language: null },
      parties,
      'http://x',
    )!;
    expect(en.subject).toBe('Cancelled: Noche de tacos');
    expect(en.text).toMatch(
      new RegExp(`"Noche de tacos" on \\w{3}, .* was cancelled by the organizer \\(${organizerName}\\)\\.`),
    );
    expect(en.text).toContain('The reason given: "Lluvia"');
    expect(en.text).toContain(
      'Every diner is told. Card holds are released and any charges are refunded in full.',
    );
  });

  it('about a payout are in the payee’s saved language and the event’s currency', async () => {
    const [organizer] = await database.db.select().from(users).where(eq(users.username, organizerName));
    await database.db.update(users).set({ language: 'es' }).where(eq(users.id, organizer!.id));
    await tellRecipientPayoutSent(database.db, {
      eventId,
      recipientId: organizer!.id,
      transferredAmount: 123_456,
      currency: 'EUR',
    } as Parameters<typeof tellRecipientPayoutSent>[1]);
    const [sent] = await mailsTo('host@example.com', 'payout-sent');
    // Euros as a Spanish reader writes them (es-ES, decision 231): "1234,56 €".
    expect(sent!.subject).toBe('Pago enviado: 1234,56\u00a0€ por Noche de tacos');
    expect(sent!.textBody).toContain(
      'Tu parte de «Noche de tacos», 1234,56\u00a0€, se envió a tu cuenta de pagos.',
    );
  });

  it('about a moved event are in the diner’s checkout language and the truck’s saved one', async () => {
    const [event] = await database.db.select().from(eventsTable).where(eq(eventsTable.id, eventId));
    const [order] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.customerEmail, 'ana@example.com'));
    const [organizer] = await database.db.select().from(users).where(eq(users.username, organizerName));
    const [truck] = await database.db.select().from(users).where(eq(users.username, truckName));
    const change = {
      date: '2026-05-20',
      startTime: '19:00',
      endTime: '22:00',
      location: 'Plaza Mayor',
      previousDate: '2026-05-14',
      previousStartTime: '18:00',
      previousEndTime: '21:00',
      previousLocation: 'Parque Central',
      answerBy: new Date('2026-05-06T15:00:00Z'),
      status: 'pending',
      response: null,
    } as unknown as Parameters<typeof dinerChangeMail>[2];
    const diner = dinerChangeMail({ ...order!, status: 'charged' }, event!, change, 'http://x');
    expect(diner.subject).toBe('Cambió: Noche de tacos');
    expect(diner.text).toContain('«Noche de tacos» cambió. Ahora es mié, 20 de may de 2026, de 7:00');
    expect(diner.text).toContain('en Plaza Mayor.');
    expect(diner.text).toContain('puedes cancelar tu pedido con reembolso completo hasta el nuevo inicio');
    const facts = {
      event: event!,
      change,
      organizer: organizer!,
      truck: { ...truck!, language: 'es' },
      baseUrl: 'http://x',
    };
    const request = changeRequestMail(facts);
    expect(request.subject).toBe('Cambio solicitado: Noche de tacos');
    expect(request.text).toContain(`${organizerName} quiere mover «Noche de tacos» a mié, 20 de may de 2026`);
    const english = changeRequestMail({ ...facts, truck: { ...truck!, language: null } });
    expect(english.text).toContain(
      `${organizerName} would like to move "Noche de tacos" to Wed, May 20, 2026, 7:00 PM UTC to 10:00 PM UTC at Plaza Mayor.`,
    );
  });

  it('about a taken-down event are in each party’s saved language', async () => {
    // The organizer chose Spanish above; the truck has not chosen.
    await setEventHidden(
      database.db,
      eventId,
      { hidden: true, reason: 'Spam' },
      { now: clock.now(), baseUrl: 'http://x' },
    );
    const [spanish] = await mailsTo('host@example.com', 'event-taken-down');
    expect(spanish!.subject).toBe('Retirado: Noche de tacos');
    expect(spanish!.textBody).toContain(
      'Food Truck Fund retiró «Noche de tacos» de sus páginas públicas: «Spam»',
    );
    const [english] = await mailsTo('hello@tacoloco.example', 'event-taken-down');
    expect(english!.subject).toBe('Taken down: Noche de tacos');
    expect(english!.textBody).toContain(
      'Food Truck Fund took "Noche de tacos" down from its public pages: "Spam"',
    );
  });
});

describe('what a success answers', () => {
  it('says it in the caller’s language, English word for word by default', async () => {
    const email = { login: 'nobody@example.com' };
    const spanish = await new Agent(app).post('/api/password-reset/request', email, ES);
    expect(spanish.json().message).toBe(
      'Si hay una cuenta con esos datos, le enviamos por correo un enlace para restablecer su contraseña. El enlace funciona durante 1 hora.',
    );
    const english = await new Agent(app).post('/api/password-reset/request', email);
    expect(english.json().message).toBe(
      "If an account matches, we've e-mailed a link to reset its password. The link works for 1 hour.",
    );
    expect((await new Agent(app).post('/api/logout', undefined, ES)).json().message).toBe('Sesión cerrada');
  });
});
