import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { outbox, pendingOrders } from '../../src/server/db/schema';
import { CLAIM_LEASE_MS } from '../../src/server/jobs/claim-lease';
import { enqueueMail } from '../../src/server/outbox/enqueue-mail';
import { FakeStripe } from '../support/fake-stripe';
import { SmtpSink } from '../support/smtp-sink';
import { eventRow, liveEvent, orderBody } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Faults of the outside world, rehearsed on two instances of one database: the payment provider
 * failing or timing out on a share of its calls, and the SMTP server down for an hour
 * (docs/decisions/139-faults-rehearsed.md has the figures).
 */
let database: Database;
let fake: FakeStripe;
let sink: SmtpSink;
let a: FastifyInstance;
let b: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const MINUTE = 60_000;

beforeAll(async () => {
  fake = await FakeStripe.start({ now: clock.now });
  sink = await SmtpSink.start();
  database = await openTestDatabase();
  const overrides = {
    now: clock.now,
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    },
  };
  a = await createTestApp(database, {
    ...overrides,
    mail: { smtpUrl: sink.url, from: 'ftf@example.com', dir: '/nonexistent' },
  });
  b = await createTestApp(database, {
    ...overrides,
    mail: { smtpUrl: sink.url, from: 'ftf@example.com', dir: '/nonexistent' },
  });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
  await fake?.close();
  await sink?.close();
});

/** Both instances' reconcilers once, side by side, as two running servers would. */
const reconcileBoth = () => Promise.all([a.ctx.reconciler.runOnce(), b.ctx.reconciler.runOnce()]);

describe('the payment provider failing or timing out on a share of calls', () => {
  it('ends every order charged exactly once, each retry with the same idempotency key', async () => {
    const ORDERS = 24;
    const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: ORDERS * 1000 });
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const res = await new Agent(a).post(
        `/api/events/${event.id}/create-payment-intent`,
        orderBody(taco.id, 1, 1050, `diner${i}@example.com`),
      );
      expect(res.statusCode).toBe(200);
      ids.push(res.json().orderId);
    }
    const orders = await database.db.select().from(pendingOrders).where(inArray(pendingOrders.id, ids));
    for (const order of orders) fake.confirmPaymentIntent(order.stripePaymentIntentId!, 'pm_card_visa');
    await fake.deliverEvents({ app: a });
    expect((await eventRow(database.db, event.id)).status).toBe('processing');

    // Every third call fails: a 500, a dropped connection, or a capture done whose answer is lost.
    fake.failEvery(3, ['server_error', 'network', 'lost_answer']);
    let passes = 0;
    const charged = async () =>
      (await database.db.select().from(pendingOrders).where(inArray(pendingOrders.id, ids))).filter(
        (o) => o.status === 'charged',
      ).length;
    while ((await charged()) < ORDERS && passes < 20) {
      await reconcileBoth();
      // A deferred charge's claim lapses; the next run (on either instance) takes it again.
      clock.advance(CLAIM_LEASE_MS + 1000);
      passes++;
    }
    fake.failEvery(0);

    expect(await charged()).toBe(ORDERS);
    const captures = fake.requestsTo('POST', /\/v1\/payment_intents\/[^/]+\/capture$/);
    const failed = captures.filter((r) => r.injected);
    // The faults happened, on captures, and each kind of them.
    expect(new Set(failed.map((r) => r.injected))).toEqual(
      new Set(['server_error', 'network', 'lost_answer']),
    );
    for (const order of orders) {
      // Stripe executed one capture per order, whatever the retries.
      expect(fake.capturesOf(order.stripePaymentIntentId!)).toBe(1);
      const mine = captures.filter((r) => r.path.includes(order.stripePaymentIntentId!));
      expect(new Set(mine.map((r) => r.idempotencyKey))).toEqual(new Set([`capture:${order.id}`]));
    }
    expect((await eventRow(database.db, event.id)).currentSales).toBe(ORDERS * 1000);
    console.info(
      `provider faults: ${ORDERS} orders, ${captures.length} capture calls (${failed.length} failed: ` +
        `${failed.filter((r) => r.injected === 'lost_answer').length} answers lost after the capture), ` +
        `${passes} reconciler passes on 2 instances, 0 double charges`,
    );
  }, 60_000);
});

describe('the SMTP server down for an hour', () => {
  it('sends every mail exactly once when it is back', async () => {
    await database.db.delete(outbox);
    sink.messages.length = 0;
    // Mails written before the outage (6) and during it (3).
    const port = Number(new URL(sink.url).port);
    await sink.close();
    for (let i = 0; i < 6; i++) {
      await enqueueMail(database.db, {
        kind: 'receipt',
        to: `mailed${i}@example.com`,
        subject: `Receipt ${i}`,
        text: 'Thanks',
      });
    }
    // An hour, a reconciler pass of both instances every five minutes.
    let failedPasses = 0;
    for (let elapsed = 0; elapsed < 60 * MINUTE; elapsed += 5 * MINUTE) {
      if (elapsed === 20 * MINUTE) {
        for (let i = 6; i < 9; i++) {
          await enqueueMail(database.db, {
            kind: 'receipt',
            to: `mailed${i}@example.com`,
            subject: `Receipt ${i}`,
            text: 'Thanks',
          });
        }
      }
      await reconcileBoth();
      clock.advance(5 * MINUTE);
      failedPasses++;
    }
    const waiting = await database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(waiting).toHaveLength(9);
    expect(waiting.every((row) => row.attempts >= 1)).toBe(true);
    const dead = await database.db.select().from(outbox).where(eq(outbox.status, 'dead'));
    expect(dead).toHaveLength(0);

    // Back, on the same address.
    sink = await SmtpSink.start({ port });
    // Each waiting mail is tried again when its own backoff ends (at most an hour apart).
    const pending = async () =>
      (await database.db.select().from(outbox).where(eq(outbox.status, 'pending'))).length;
    let minutesAfter = 0;
    while ((await pending()) > 0 && minutesAfter < 90) {
      await reconcileBoth();
      if ((await pending()) === 0) break;
      clock.advance(2 * MINUTE);
      minutesAfter += 2;
    }
    const subjects = sink.messages.map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 9 }, (_, i) => `Receipt ${i}`).sort());
    expect(await database.db.select().from(outbox).where(eq(outbox.status, 'pending'))).toHaveLength(0);
    console.info(
      `SMTP down 60 min: 9 mails waited (max ${Math.max(...waiting.map((r) => r.attempts))} attempts each), ` +
        `${failedPasses} passes, then each sent once, the last ${minutesAfter} min after the server was back`,
    );
  }, 60_000);
});
