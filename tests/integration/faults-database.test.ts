import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { DATABASE_UNAVAILABLE } from '../../src/server/http/error-handler';
import { CLAIM_LEASE_MS } from '../../src/server/jobs/claim-lease';
import { confirmCard, eventRow, liveEvent, orderBody } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * PostgreSQL restarted under load, rehearsed without touching the shared server: every backend of this
 * file's scratch database is terminated (`pg_terminate_backend`), again and again during a burst of
 * orders and then of captures, on two instances with their own pools and listeners. What a restart
 * does to the app's connections (docs/decisions/139-faults-rehearsed.md).
 */
const url = process.env.TEST_DATABASE_URL;
let database: Database & { url?: string };
let second: Database;
let a: FastifyInstance;
let b: FastifyInstance;
let killer: pg.Client;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  if (!url) return;
  database = await openTestDatabase();
  second = await openDatabase({ url: database.url! });
  a = await createTestApp(database, { now: clock.now });
  b = await createTestApp(second, { now: clock.now });
  killer = new pg.Client({ connectionString: url });
  await killer.connect();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  // Closing waits for every pooled connection: a client lost in a cut would hang here.
  await second?.close();
  await database?.close();
  await killer?.end();
});

/** Ends every connection to the scratch database, of both instances: what a restart does to them. */
async function terminateEveryBackend(): Promise<number> {
  const { rows } = await killer.query<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid()`,
    [new URL(database.url!).pathname.slice(1)],
  );
  return rows[0]!.n;
}

/** The test's own reads, which a cut connection fails like anyone's: read again. */
async function retried<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

describe.skipIf(!url)('PostgreSQL restarted during a burst of orders and captures', () => {
  it('loses no order, charges none twice, answers 503 with Retry-After meanwhile, and is ready again within 10 s', async () => {
    const DINERS = 40;
    const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: DINERS * 1000 });
    const answers: LightMyRequestResponse[] = [];
    let terminations = 0;
    let terminated = 0;
    const pendingKills: Array<Promise<void>> = [];
    /** After every 12th request that went through, on either instance, every connection ends again. */
    let through = 0;
    const record = (res: LightMyRequestResponse) => {
      answers.push(res);
      if (res.statusCode !== 503 && ++through % 12 === 0) {
        terminations++;
        pendingKills.push(terminateEveryBackend().then((n) => void (terminated += n)));
      }
      return res;
    };
    /** A diner's browser: the same request again, after its Retry-After, until it goes through. */
    const untilDone = async (send: () => Promise<LightMyRequestResponse>) => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const res = record(await send());
        if (res.statusCode !== 503) return res;
      }
      throw new Error(`never went through: ${answers.at(-1)?.body}`);
    };

    const diners = Array.from({ length: DINERS }, (_, i) => ({
      agent: new Agent(i % 2 === 0 ? a : b),
      key: randomUUID(),
      email: `burst${i}@example.com`,
    }));
    const orderIds = await Promise.all(
      diners.map(async ({ agent, key, email }) => {
        const created = await untilDone(() =>
          agent.post(`/api/events/${event.id}/create-payment-intent`, orderBody(taco.id, 1, 1050, email), {
            'idempotency-key': key,
          }),
        );
        expect(created.statusCode, created.body).toBe(200);
        const { orderId, clientSecret } = created.json();
        const confirmed = await untilDone(() => confirmCard(agent, clientSecret));
        expect([200, 409], confirmed.body).toContain(confirmed.statusCode);
        const synced = await untilDone(() => agent.post(`/api/events/${event.id}/orders/${orderId}/sync`));
        expect(synced.statusCode, synced.body).toBe(200);
        return orderId as number;
      }),
    );
    await Promise.all(pendingKills);

    // Captures on both instances, every backend terminated before each pass.
    const orders = () =>
      retried(() => database.db.select().from(pendingOrders).where(inArray(pendingOrders.id, orderIds)));
    let capturePasses = 0;
    for (; capturePasses < 15; capturePasses++) {
      const charged = (await orders()).filter((o) => o.status === 'charged').length;
      if (charged === DINERS) break;
      terminations++;
      const [ended] = await Promise.all([
        terminateEveryBackend(),
        a.ctx.reconciler.runOnce(),
        b.ctx.reconciler.runOnce(),
      ]);
      terminated += ended;
      clock.advance(CLAIM_LEASE_MS + 1000);
    }

    {
      const { statusTransitions } = await import('../../src/server/db/schema');
      const t = await retried(() => database.db.select().from(statusTransitions));
      console.info(
        'DEBUG',
        JSON.stringify(t.filter((x) => x.entity === 'order' && x.toStatus.startsWith('cancel')).slice(0, 4)),
      );
      console.info(
        'DEBUG2',
        JSON.stringify(
          answers
            .filter((r) => r.statusCode !== 200 && r.statusCode !== 503)
            .map((r) => r.statusCode + r.body)
            .slice(0, 5),
        ),
      );
    }
    // Back to normal: both instances ready (database and listener up) within 10 s of the last cut.
    const back = performance.now();
    terminated += await terminateEveryBackend();
    for (const app of [a, b]) {
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(200);
    }
    const readyAfterMs = Math.round(performance.now() - back);

    // Diners never saw a 500: a 503 that says when to try again, or their answer.
    const failures = answers.filter((r) => r.statusCode >= 500);
    expect(failures.every((r) => r.statusCode === 503)).toBe(true);
    for (const res of failures) {
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json().message).toBe(DATABASE_UNAVAILABLE);
    }
    expect(failures.length).toBeGreaterThan(0);
    expect(terminations).toBeGreaterThanOrEqual(5);

    // Nothing lost, nothing twice: one order per diner, each charged once by one intent.
    const final = await orders();
    expect(new Set(final.map((o) => o.id)).size).toBe(DINERS);
    const all = await retried(() => database.db.select().from(pendingOrders));
    expect(all.filter((o) => o.eventId === event.id)).toHaveLength(DINERS);
    expect(final.filter((o) => o.status === 'charged')).toHaveLength(DINERS);
    const intents = await retried(() =>
      database.db
        .select()
        .from(simulatorIntents)
        .where(
          inArray(
            simulatorIntents.id,
            final.map((o) => o.stripePaymentIntentId!),
          ),
        ),
    );
    expect(intents.filter((i) => i.status === 'succeeded')).toHaveLength(DINERS);
    const everyIntent = await retried(() => database.db.select().from(simulatorIntents));
    const succeededPerOrder = new Map<string, number>();
    for (const intent of everyIntent) {
      const orderId = (intent.metadata as { orderId?: string }).orderId;
      if (orderId && intent.status === 'succeeded')
        succeededPerOrder.set(orderId, (succeededPerOrder.get(orderId) ?? 0) + 1);
    }
    expect(Math.max(...succeededPerOrder.values())).toBe(1);
    expect((await retried(() => eventRow(database.db, event.id))).currentSales).toBe(DINERS * 1000);

    // No connection was lost for good: nobody waits for one, on either instance.
    expect(database.poolStats!().waiting).toBe(0);
    expect(second.poolStats!().waiting).toBe(0);
    const fresh = await new Agent(a).post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 1, 1050, 'after@example.com'),
    );
    expect(fresh.statusCode).toBe(200);
    console.info(
      `database restarts: ${terminations} cuts (${terminated} connections ended), ${DINERS} diners, ` +
        `${answers.length} answers of which ${failures.length} were 503 (0 were 500), ${capturePasses} capture passes, ` +
        `0 lost, 0 charged twice, both instances ready ${readyAfterMs} ms after the last cut`,
    );
  }, 60_000);
});
