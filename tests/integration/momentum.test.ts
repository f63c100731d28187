import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { eventReminderRuns, events, outbox, reminderRequests, users } from '../../src/server/db/schema';
import { buildApp } from '../../src/server/app';
import { saveImage } from '../../src/server/images/image-store';
import { prepareImageDataUrl } from '../../src/server/images/prepare-image';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { placeOrder } from '../support/place-order';
import { Agent, createClock, createTestApp, openTestDatabase, testConfig } from '../support/test-app';

const HOUR = 60 * 60 * 1000;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
let database: Database & { url?: string };
let secondHandle: Database | undefined;
let app: FastifyInstance;
let other: FastifyInstance;

/** A built client stand-in, so the server can render the event page's share tags into it. */
const clientDir = mkdtempSync(path.join(tmpdir(), 'momentum-client-'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Generic" /><title>Food Truck Fund</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
);

beforeAll(async () => {
  database = await openTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : undefined;
  const overrides = { now: clock.now };
  app = await createTestApp(database, overrides);
  other = await createTestApp(secondHandle ?? database, overrides);
});
afterAll(async () => {
  await other.close();
  await app.close();
  await secondHandle?.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function liveEvent(overrides: Partial<typeof events.$inferInsert> & { daysAhead?: number } = {}) {
  const organizer = await createUser(database.db, {
    username: `org_${Math.random().toString(36).slice(2, 8)}`,
  });
  const truck = await createTruck(database.db, {
    username: `truck_${Math.random().toString(36).slice(2, 8)}`,
    businessName: 'Taco "Loco" <Best>',
  });
  const taco = await createMenuItem(database.db, {
    foodTruckId: truck.id,
    price: 1000,
    name: 'Al pastor taco',
  });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    minimumSales: 50_000,
    ...overrides,
  });
  return { event, taco, organizer, truck };
}

async function mailTo(email: string, kind: string) {
  return database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, kind)));
}

describe('updates to diners', () => {
  it('the organizer and the truck post; the page lists them newest first; every diner is mailed once', async () => {
    const { event, taco, organizer, truck } = await liveEvent();
    await placeOrder(new Agent(app), event.id, taco.id, { unitCents: 1050, email: 'ana@example.com' });
    await placeOrder(new Agent(app), event.id, taco.id, { unitCents: 1050, email: 'ANA@example.com' });
    await placeOrder(new Agent(app), event.id, taco.id, { unitCents: 1050, email: 'ben@example.com' });

    const org = new Agent(app);
    await org.login(organizer.username);
    const first = await org.post(`/api/events/${event.id}/updates`, {
      text: '  The truck arrives at 5:30.  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      text: 'The truck arrives at 5:30.',
      authorRole: 'organizer',
      recipients: 2,
    });
    clock.advance(60_000);
    const tr = new Agent(app);
    await tr.login(truck.username);
    expect(
      (await tr.post(`/api/events/${event.id}/updates`, { text: 'Extra salsa tonight!' })).statusCode,
    ).toBe(201);

    const list = (await new Agent(app).get(`/api/events/${event.id}/updates`)).json();
    expect(list.map((u: { text: string }) => u.text)).toEqual([
      'Extra salsa tonight!',
      'The truck arrives at 5:30.',
    ]);
    expect(list[0]).toMatchObject({ authorName: 'Taco "Loco" <Best>', authorRole: 'truck' });

    const anaMail = await mailTo('ana@example.com', 'event-update');
    expect(anaMail).toHaveLength(2);
    expect(anaMail[0]!.textBody).toContain('The truck arrives at 5:30.');
    expect(anaMail[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(anaMail[0]!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost\/api\/updates\/unsubscribe\?token=.+>$/,
    );
    expect(await mailTo('ben@example.com', 'event-update')).toHaveLength(2);
  });

  it('refuses strangers, other organizers, empty and overlong text', async () => {
    const { event } = await liveEvent();
    const guest = new Agent(app);
    expect((await guest.post(`/api/events/${event.id}/updates`, { text: 'Hi' })).statusCode).toBe(401);
    const stranger = new Agent(app);
    await stranger.login((await createUser(database.db)).username);
    const refused = await stranger.post(`/api/events/${event.id}/updates`, { text: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the organizer and the truck of this event can post updates');
    const { organizer } = await liveEvent();
    const org = new Agent(app);
    await org.login(organizer.username);
    expect((await org.post(`/api/events/${event.id}/updates`, { text: 'Hi' })).statusCode).toBe(403);
    const own = await liveEvent();
    const owner = new Agent(app);
    await owner.login(own.organizer.username);
    const empty = await owner.post(`/api/events/${own.event.id}/updates`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ text: 'Write something to post' });
    expect(
      (await owner.post(`/api/events/${own.event.id}/updates`, { text: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
  });

  it('one-click unsubscribe (RFC 8058 POST) stops the next update to that diner only', async () => {
    const { event, taco, organizer } = await liveEvent();
    await placeOrder(new Agent(app), event.id, taco.id, { unitCents: 1050, email: 'cara@example.com' });
    await placeOrder(new Agent(app), event.id, taco.id, { unitCents: 1050, email: 'dev@example.com' });
    const org = new Agent(app);
    await org.login(organizer.username);
    await org.post(`/api/events/${event.id}/updates`, { text: 'First news' });
    const [mail] = await mailTo('cara@example.com', 'event-update');
    const url = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));

    // What a mail provider sends: a form POST, from no browser, with no Origin.
    const oneClick = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toMatchObject({ email: 'cara@example.com', unsubscribed: true });
    // The page behind the footer link reads the same token.
    const page = await new Agent(app).get(`${url.pathname}${url.search}`);
    expect(page.json()).toMatchObject({ eventTitle: event.title, unsubscribed: true });

    await org.post(`/api/events/${event.id}/updates`, { text: 'Second news' });
    expect(
      (await mailTo('cara@example.com', 'event-update')).map((m) => m.textBody.includes('Second')),
    ).toEqual([false]);
    expect(await mailTo('dev@example.com', 'event-update')).toHaveLength(2);
  });

  it('stops an event from mailing more than ten updates a day', async () => {
    const { event, organizer } = await liveEvent();
    const org = new Agent(app);
    await org.login(organizer.username);
    for (let i = 1; i <= 10; i++)
      expect((await org.post(`/api/events/${event.id}/updates`, { text: `News #${i}` })).statusCode).toBe(
        201,
      );
    const refused = await org.post(`/api/events/${event.id}/updates`, { text: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('An event can post 10 updates a day. Please try again tomorrow.');
    clock.advance(24 * HOUR + 1000);
    expect((await org.post(`/api/events/${event.id}/updates`, { text: 'Next day' })).statusCode).toBe(201);
  });

  it('refuses a forged or altered unsubscribe link', async () => {
    const { event } = await liveEvent();
    const forged = `${event.id}.${Buffer.from('someone@example.com').toString('base64url')}.bogus`;
    const res = await app.inject({ method: 'POST', url: `/api/updates/unsubscribe?token=${forged}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This unsubscribe link is not valid');
  });
});

describe('calendar file', () => {
  it('parses as RFC 5545 with the times in the event zone, and is attached to the receipt', async () => {
    const { event, taco } = await liveEvent({
      timeZone: 'America/Chicago',
      date: '2026-12-05',
      startTime: '17:30',
      endTime: '20:00',
    });
    const res = await new Agent(app).get(`/api/events/${event.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${event.id}.ics"`);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe(event.title);
    expect(vevent.location).toBe(event.location);
    expect(vevent.uid).toBe(`event-${event.id}@localhost`);
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(
      'America/Chicago',
    );
    expect(vevent.startDate.toString()).toBe('2026-12-05T17:30:00');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-12-05T23:30:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-12-06T02:00:00.000Z');
    expect(vevent.description).toContain(`http://localhost/events/public/${event.id}`);

    await placeOrder(new Agent(app), event.id, taco.id, { unitCents: 1050, email: 'ics@example.com' });
    const [receipt] = await mailTo('ics@example.com', 'order-received');
    expect(receipt!.attachments?.[0]).toMatchObject({ filename: `event-${event.id}.ics` });
    expect(receipt!.attachments![0]!.content).toContain('DTSTART;TZID=America/Chicago:20261205T173000');
  });

  it('is not served for an event request the truck has not accepted', async () => {
    const { event } = await liveEvent({ status: 'pending_approval' });
    expect((await new Agent(app).get(`/api/events/${event.id}/calendar.ics`)).statusCode).toBe(404);
    expect((await new Agent(app).get('/api/events/424242/calendar.ics')).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('a diner is reminded 24 hours before the start exactly once, with two instances racing', async () => {
    const { event, taco } = await liveEvent({ daysAhead: 2, timeZone: 'America/New_York' });
    await placeOrder(new Agent(app), event.id, taco.id, {
      unitCents: 1050,
      quantity: 2,
      email: 'eve@example.com',
      name: 'Eve',
    });
    await placeOrder(new Agent(app), event.id, taco.id, {
      unitCents: 1050,
      email: 'eve@example.com',
      name: 'Eve',
    });
    await placeOrder(new Agent(app), event.id, taco.id, {
      unitCents: 1050,
      email: 'fay@example.com',
      name: 'Fay',
    });

    await Promise.all([app.ctx.reconciler.runOnce(), other.ctx.reconciler.runOnce()]);
    expect(await mailTo('eve@example.com', 'reminder-diner')).toHaveLength(0); // 2 days out: not yet

    clock.set(new Date(event.startsAt.getTime() - 23 * HOUR));
    // Several passes of both instances at once, as their loops would.
    for (let i = 0; i < 3; i++)
      await Promise.all([app.ctx.reconciler.runOnce(), other.ctx.reconciler.runOnce()]);

    const eve = await mailTo('eve@example.com', 'reminder-diner');
    expect(eve).toHaveLength(1);
    expect(eve[0]!.subject).toBe(`Tomorrow: ${event.title}`);
    expect(eve[0]!.textBody).toContain('Your order: 2 × Al pastor taco, 1 × Al pastor taco ($31.50).');
    expect(eve[0]!.textBody).toContain(event.location);
    expect(eve[0]!.textBody).toMatch(/6:00 PM EST/);
    expect(eve[0]!.attachments?.[0]?.content).toContain('DTSTART;TZID=America/New_York:');
    expect(eve[0]!.status).toBe('sent');
    expect(await mailTo('fay@example.com', 'reminder-diner')).toHaveLength(1);
    const runs = await database.db
      .select()
      .from(eventReminderRuns)
      .where(eq(eventReminderRuns.eventId, event.id));
    expect(runs.filter((r) => r.kind === 'diners-24h')).toMatchObject([{ recipients: 2 }]);
  });

  it('a visitor confirms by link and gets one mail 48 hours before the start while the goal is not met', async () => {
    const { event, taco } = await liveEvent({ daysAhead: 4, minimumSales: 50_000 });
    const visitor = new Agent(app);
    const asked = await visitor.post(`/api/events/${event.id}/reminders`, { email: ' Gil@Example.com ' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(
      'Check your inbox: we sent a link to gil@example.com to confirm your reminder.',
    );
    // An unconfirmed address gets nothing but the confirmation; asking twice sends it again, once more.
    await visitor.post(`/api/events/${event.id}/reminders`, { email: 'gil@example.com' });
    const confirmations = await mailTo('gil@example.com', 'reminder-confirm');
    expect(confirmations).toHaveLength(2);
    const token = /http:\/\/localhost\/reminders\/confirm\?token=(\S+)/.exec(confirmations[0]!.textBody)![1]!;

    // Someone who never confirms is not reminded.
    await visitor.post(`/api/events/${event.id}/reminders`, { email: 'hal@example.com' });
    // A visitor reading the page in Spanish is reminded in Spanish (decision 229).
    const lupe = new Agent(app);
    await lupe.post(
      `/api/events/${event.id}/reminders`,
      { email: 'lupe@example.com' },
      { 'accept-language': 'es' },
    );
    const [lupeConfirm] = await mailTo('lupe@example.com', 'reminder-confirm');
    const lupeToken = /reminders\/confirm\?token=(\S+)/.exec(lupeConfirm!.textBody)![1]!;
    expect(
      (await lupe.post('/api/reminders/confirm', { token: decodeURIComponent(lupeToken) })).statusCode,
    ).toBe(200);

    // Opening the link (a mail scanner may) changes nothing; the page's button confirms.
    const opened = await visitor.get(`/api/reminders/confirm?token=${token}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/reminders/confirm?token=${token}`);
    const [unconfirmed] = await database.db
      .select()
      .from(reminderRequests)
      .where(eq(reminderRequests.email, 'gil@example.com'));
    expect(unconfirmed!.confirmedAt).toBeNull();
    const confirmed = await visitor.post('/api/reminders/confirm', { token: decodeURIComponent(token) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ eventId: event.id });
    // A confirmed address asking again gets no more mail.
    await visitor.post(`/api/events/${event.id}/reminders`, { email: 'gil@example.com' });
    expect(await mailTo('gil@example.com', 'reminder-confirm')).toHaveLength(2);

    await placeOrder(new Agent(app), event.id, taco.id, {
      unitCents: 1050,
      quantity: 19,
      email: 'ivy@example.com',
    });
    clock.set(new Date(event.startsAt.getTime() - 47 * HOUR));
    for (let i = 0; i < 3; i++)
      await Promise.all([app.ctx.reconciler.runOnce(), other.ctx.reconciler.runOnce()]);
    const reminded = await mailTo('gil@example.com', 'reminder-visitor');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]!.subject).toBe(`48 hours left: ${event.title} is 38% funded, $310 to go`);
    expect(reminded[0]!.textBody).toContain(
      'It is 38% funded, $310 to go. Pre-order now to help it happen: your card is only charged if the goal is reached.',
    );
    const [spanish] = await mailTo('lupe@example.com', 'reminder-visitor');
    expect(spanish!.subject).toMatch(/^Faltan 48 horas: .+ \(38 % de la meta, faltan \$310\)$/);
    expect(spanish!.textBody).toContain('Haz tu pedido ahora');
    expect(await mailTo('hal@example.com', 'reminder-visitor')).toHaveLength(0);
  });

  it('sends no 48-hour reminder for an event that already reached its goal', async () => {
    const { event, taco } = await liveEvent({ daysAhead: 4, minimumSales: 1000 });
    const visitor = new Agent(app);
    await visitor.post(`/api/events/${event.id}/reminders`, { email: 'jo@example.com' });
    const [confirm] = await mailTo('jo@example.com', 'reminder-confirm');
    await visitor.get(/http:\/\/localhost(\/\S+)/.exec(confirm!.textBody)![1]!);
    await placeOrder(new Agent(app), event.id, taco.id, { unitCents: 1050, email: 'kim@example.com' });
    clock.set(new Date(event.startsAt.getTime() - 47 * HOUR));
    await app.ctx.reconciler.runOnce();
    expect(await mailTo('jo@example.com', 'reminder-visitor')).toHaveLength(0);
  });

  it('refuses a bad address, a forged link and an event not taking orders', async () => {
    const { event } = await liveEvent();
    const bad = await new Agent(app).post(`/api/events/${event.id}/reminders`, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'Please provide a valid email address' });
    expect((await new Agent(app).post('/api/reminders/confirm', { token: '1.forged' })).statusCode).toBe(400);
    const { event: waiting } = await liveEvent({ status: 'pending_approval' });
    expect(
      (await new Agent(app).post(`/api/events/${waiting.id}/reminders`, { email: 'a@example.com' }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a reminder it could never send: the event starts in less than 48 hours', async () => {
    const { event } = await liveEvent({ daysAhead: 1 }); // 30 hours away
    const res = await new Agent(app).post(`/api/events/${event.id}/reminders`, { email: 'soon@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This event starts in less than 48 hours, too soon for a reminder. Pre-order now instead.',
    );
    const mails = await database.db.select().from(outbox).where(eq(outbox.recipient, 'soon@example.com'));
    expect(mails).toHaveLength(0);
  });
});

describe('share previews', () => {
  let shared: FastifyInstance;
  beforeAll(async () => {
    shared = await buildApp(testConfig({ now: clock.now }), {
      database,
      serveClient: true,
      clientDir,
    });
    await shared.ready();
  });
  afterAll(() => shared.close());

  it('renders Open Graph and Twitter tags, escaped, into the page the app boots from', async () => {
    const { event, truck } = await liveEvent({
      title: 'Tacos & "Tunes" <live>',
      timeZone: 'America/Chicago',
    });
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const picture = await prepareImageDataUrl(`data:image/png;base64,${png}`, 'profileImage');
    const profileImageHash = await database.db.transaction(async (tx) => {
      const hash = await saveImage(tx, truck.id, picture);
      await tx.update(users).set({ profileImageHash: hash }).where(eq(users.id, truck.id));
      return hash;
    });
    const res = await shared.inject({ url: `/events/public/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain(
      '<meta property="og:title" content="Tacos &amp; &quot;Tunes&quot; &lt;live&gt; with Taco &quot;Loco&quot; &lt;Best&gt;" />',
    );
    expect(html).toContain(`<meta property="og:url" content="http://localhost/events/public/${event.id}" />`);
    expect(html).toContain(
      `<meta property="og:image" content="http://localhost/events/public/${event.id}/share-image" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toMatch(/og:description" content="[^"]*2026[^"]*0% funded, \$500 to go/);
    expect(html).not.toContain('<live>');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The hero (the truck's picture here) is asked for with the page, the copy the page will pick.
    const hero = `/api/images/${profileImageHash}`;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${hero}" imagesrcset="${hero}-320.webp 320w, ${hero}-640.webp 640w, ${hero} 800w" imagesizes="(min-width: 1024px) 1024px, 100vw" fetchpriority="high" />`,
    );
    for (const href of [
      `/api/events/${event.id}`,
      `/api/menu-items/${truck.id}`,
      `/api/events/${event.id}/updates`,
    ])
      expect(html).toContain(
        `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials" />`,
      );

    const image = await shared.inject({ url: `/events/public/${event.id}/share-image` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('serves the plain page for an unknown event with 404, so the app shows its own not-found screen', async () => {
    const res = await shared.inject({ url: '/events/public/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('og:title');
    expect(res.body).toContain('<div id="root"></div>');
  });
});
