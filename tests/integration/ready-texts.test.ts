import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { textMessages } from '../../src/server/db/schema';
import { twilioSignature } from '../../src/server/pickup/twilio-signature';
import { FakeTwilio } from '../support/fake-twilio';
import { confirmCard, liveEvent, orderBody } from '../support/orders';
import { Agent, TEST_ORIGIN, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The "ready" text (decision 227): a diner who gave a mobile number with consent gets one text when
 * the truck marks the order ready, through Twilio's REST API (a local fake that speaks it), exactly
 * once: a second Ready, a crash between Twilio's answer and the record, a restart. STOP (signed by
 * Twilio) ends texts; without Twilio, texts are files under DATA_DIR/sms.
 */

const clock = createClock();
const START = clock.now();
const HOUR = 60 * 60 * 1000;
let database: Database;
let twilio: FakeTwilio;
let config: Partial<AppConfig>;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  twilio = await FakeTwilio.start({ now: clock.now });
  config = {
    now: clock.now,
    texts: {
      twilio: {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: '+15005550006',
        apiUrl: twilio.url,
      },
      dir: await mkdtemp(path.join(tmpdir(), 'ftf-sms-')),
    },
  };
  app = await createTestApp(database, config);
});
afterAll(async () => {
  await app.close();
  await twilio.stop();
  await database.close();
});

/** A held order of a new event whose diner asked for the text, the clock an hour before the start. */
async function heldOrder(on: FastifyInstance, textTo: string, name = 'Dana Diner', language = 'en') {
  clock.set(START);
  const { event, taco, truck } = await liveEvent(database.db, clock.now(), { status: 'confirmed' });
  const diner = new Agent(on);
  const res = await diner.post(
    `/api/events/${event.id}/create-payment-intent`,
    {
      ...orderBody(taco.id, 1, 1050, 'dana@example.com'),
      customerName: name,
      textTo,
      textConsent: true,
    },
    { cookie: `lang=${language}` },
  );
  expect(res.statusCode, res.body).toBe(200);
  const { orderId, clientSecret } = res.json() as { orderId: number; clientSecret: string };
  expect((await confirmCard(diner, clientSecret)).statusCode).toBe(200);
  await diner.post(`/api/events/${event.id}/orders/${orderId}/sync`);
  const owner = new Agent(on);
  await owner.login(truck.username);
  clock.set(new Date(event.startsAt.getTime() - HOUR));
  return { event, orderId, owner };
}

async function markReady(owner: Agent, orderId: number) {
  const res = await owner.post(`/api/orders/${orderId}/fulfilment`, { state: 'ready' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { pickupCode: string };
}

async function textRow(orderId: number) {
  const [row] = await database.db.select().from(textMessages).where(eq(textMessages.orderId, orderId));
  return row;
}

function sentTo(phone: string) {
  return twilio.messages.filter((m) => m.to === phone);
}

describe('ready texts through Twilio', () => {
  it('Ready sends one text with the code, the truck and the event, nothing else; a second Ready sends none', async () => {
    const { event, orderId, owner } = await heldOrder(app, '(415) 555-2671');
    const { pickupCode } = await markReady(owner, orderId);
    await app.ctx.reconciler.runOnce();
    await expect.poll(async () => (await textRow(orderId))?.status).toBe('sent');
    const [text] = sentTo('+14155552671');
    expect(text).toMatchObject({ from: '+15005550006' });
    expect(text!.body).toBe(
      `Taco Loco: order ${pickupCode} is ready for pickup at ${event.title}. Reply STOP to stop texts.`,
    );
    expect(text!.body).not.toMatch(/Dana|dana@example\.com|\$/);
    expect((await textRow(orderId))!.providerSid).toBe(text!.sid);

    await owner.post(`/api/orders/${orderId}/fulfilment`, { state: 'collected' });
    await owner.post(`/api/orders/${orderId}/fulfilment`, { state: 'ready' });
    await app.ctx.reconciler.runOnce();
    expect(sentTo('+14155552671')).toHaveLength(1);
  });

  it('a diner who checked out in Spanish gets the text in Spanish, STOP still the word', async () => {
    const phone = '+14155550106';
    const { event, orderId, owner } = await heldOrder(app, phone, 'Dana Diner', 'es');
    const { pickupCode } = await markReady(owner, orderId);
    await app.ctx.reconciler.runOnce();
    await expect.poll(async () => (await textRow(orderId))?.status).toBe('sent');
    expect(sentTo(phone).map((m) => m.body)).toEqual([
      `Taco Loco: tu pedido ${pickupCode} está listo para recoger en ${event.title}. Responde STOP para no recibir más mensajes.`,
    ]);
  });

  it('a send whose answer is lost is not sent again after a restart: the new instance finds it at Twilio', async () => {
    const phone = '+14155550101';
    const { orderId, owner } = await heldOrder(app, phone);
    twilio.dropAfterAcceptingNext(1);
    await markReady(owner, orderId);
    await app.ctx.reconciler.runOnce();
    // Twilio kept the text; the app never heard so, and its row waits for another try.
    expect(sentTo(phone)).toHaveLength(1);
    await expect.poll(async () => (await textRow(orderId))?.lastError ?? null).not.toBeNull();
    expect((await textRow(orderId))!.status).toBe('pending');

    await app.close();
    app = await createTestApp(database, config);
    clock.advance(HOUR);
    const lookUps = twilio.calls.list;
    await app.ctx.reconciler.runOnce();
    await expect.poll(async () => (await textRow(orderId))?.status).toBe('sent');
    expect(sentTo(phone)).toHaveLength(1);
    expect(twilio.calls.list).toBeGreaterThan(lookUps);
    expect((await textRow(orderId))!.providerSid).toBe(sentTo(phone)[0]!.sid);
  });

  it('a 503 from Twilio is tried again later and sent once', async () => {
    const phone = '+14155550102';
    const { orderId, owner } = await heldOrder(app, phone);
    twilio.failNext(1);
    await markReady(owner, orderId);
    await app.ctx.reconciler.runOnce();
    await expect.poll(async () => (await textRow(orderId))?.attempts).toBe(1);
    expect(sentTo(phone)).toHaveLength(0);
    clock.advance(HOUR);
    await app.ctx.reconciler.runOnce();
    await expect.poll(async () => (await textRow(orderId))?.status).toBe('sent');
    expect(sentTo(phone)).toHaveLength(1);
  });

  it('STOP, signed by Twilio, ends texts to the number; an unsigned or forged one is refused; START lets them through', async () => {
    const phone = '+14155550103';
    const inbound = (body: string, signature?: string) => {
      const form = new URLSearchParams({
        From: phone,
        To: '+15005550006',
        Body: body,
        MessageSid: 'SM1',
        AccountSid: twilio.accountSid,
      });
      return app.inject({
        method: 'POST',
        url: '/api/texts/inbound',
        payload: form.toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature':
            signature ??
            twilioSignature(twilio.authToken, `${new URL(TEST_ORIGIN).origin}/api/texts/inbound`, form),
        },
      });
    };
    const forged = await inbound('STOP', 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('text_signature_invalid');
    const stop = await inbound('Stop');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);

    const first = await heldOrder(app, phone);
    await markReady(first.owner, first.orderId);
    await app.ctx.reconciler.runOnce();
    await expect.poll(async () => (await textRow(first.orderId))?.status).toBe('stopped');
    expect(sentTo(phone)).toHaveLength(0);

    expect((await inbound('START')).statusCode).toBe(200);
    const second = await heldOrder(app, phone);
    await markReady(second.owner, second.orderId);
    await app.ctx.reconciler.runOnce();
    await expect.poll(async () => (await textRow(second.orderId))?.status).toBe('sent');
    expect(sentTo(phone)).toHaveLength(1);
  });
});

describe('ready texts without a provider', () => {
  it('are files under DATA_DIR/sms, one per text', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ftf-sms-files-'));
    const local = await createTestApp(database, { now: clock.now, texts: { twilio: null, dir } });
    try {
      const one = await heldOrder(local, '+14155550104');
      const two = await heldOrder(local, '+14155550105');
      await markReady(one.owner, one.orderId);
      const { pickupCode } = await markReady(two.owner, two.orderId);
      await local.ctx.reconciler.runOnce();
      await expect.poll(async () => (await readdir(dir)).length).toBe(2);
      const texts = await Promise.all(
        (await readdir(dir)).sort().map((f) => readFile(path.join(dir, f), 'utf8')),
      );
      expect(texts[1]).toContain('To: +14155550105');
      expect(texts[1]).toContain(`order ${pickupCode} is ready`);
    } finally {
      await local.close();
    }
  });
});
