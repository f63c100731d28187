import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../src/server/adapters/mail/mailer';
import type { Database } from '../../src/server/db/client';
import { outbox } from '../../src/server/db/schema';
import { enqueueMail } from '../../src/server/outbox/enqueue-mail';
import { OUTBOX_MAX_ATTEMPTS, sendOutbox } from '../../src/server/outbox/send-outbox';
import { SmtpSink } from '../support/smtp-sink';
import { createClock, createTestApp, openTestDatabase } from '../support/test-app';

const FROM = 'Food Truck Fund <no-reply@foodtruckfund.test>';
const SECOND = 1000;

let database: Database;
let sink: SmtpSink;
let mailer: Mailer;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await SmtpSink.start();
  mailer = createMailer({ smtpUrl: sink.url, from: FROM, dir: '/nonexistent' });
});
afterAll(async () => {
  mailer.close();
  await sink.close();
  await database.close();
});
beforeEach(async () => {
  // Each test starts with an empty outbox and an empty mailbox.
  await database.db.delete(outbox);
  sink.messages.length = 0;
});

const deps = () => ({ db: database.db, mailer, now: clock.now });

async function rowOf(id: number) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

describe('retries', () => {
  it('retries a refused mail with exponential backoff, then delivers it once', async () => {
    const { id } = await enqueueMail(database.db, {
      kind: 'receipt',
      to: 'dee@example.com',
      subject: 'Receipt',
      text: 'Thanks',
    });
    sink.failNext(2);

    expect(await sendOutbox(deps())).toEqual({ sent: 0, retrying: 1, dead: 0 });
    const first = await rowOf(id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('451'),
    });
    expect(first.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 30 * SECOND));

    // Not due yet: nothing happens.
    clock.advance(29 * SECOND);
    expect(await sendOutbox(deps())).toEqual({ sent: 0, retrying: 0, dead: 0 });

    clock.advance(1 * SECOND);
    expect(await sendOutbox(deps())).toEqual({ sent: 0, retrying: 1, dead: 0 });
    const second = await rowOf(id);
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 60 * SECOND));

    clock.advance(60 * SECOND);
    expect(await sendOutbox(deps())).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sink.refused).toBeGreaterThanOrEqual(2);
    expect(sink.messages.map((m) => m.subject)).toEqual(['Receipt']);
  });

  it('gives up after 8 attempts, keeping the last error, and then leaves the row alone', async () => {
    const unreachable = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: FROM, dir: '/nonexistent' });
    const { id } = await enqueueMail(database.db, {
      kind: 'receipt',
      to: 'x@example.com',
      subject: 'Lost',
      text: '…',
    });
    const results = [];
    for (let i = 0; i < OUTBOX_MAX_ATTEMPTS; i++) {
      results.push(await sendOutbox({ ...deps(), mailer: unreachable }));
      clock.advance(60 * 60 * SECOND);
    }
    expect(results.slice(0, -1).every((r) => r.retrying === 1)).toBe(true);
    expect(results.at(-1)).toEqual({ sent: 0, retrying: 0, dead: 1 });
    expect(await rowOf(id)).toMatchObject({
      status: 'dead',
      attempts: 8,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(await sendOutbox(deps())).toEqual({ sent: 0, retrying: 0, dead: 0 });
    expect(sink.messages).toHaveLength(0);
  });

  it('sends a new mail at once even when the app clock is behind the database clock', async () => {
    const past = createClock(new Date('2020-01-01T00:00:00Z'));
    await enqueueMail(database.db, { kind: 'receipt', to: 'a@example.com', subject: 'Now', text: '…' });
    expect(await sendOutbox({ ...deps(), now: past.now })).toMatchObject({ sent: 1 });
  });

  it('leaves a mail claimed by a crashed instance alone until its lease runs out', async () => {
    const { id } = await enqueueMail(database.db, {
      kind: 'receipt',
      to: 'a@example.com',
      subject: 'Claimed',
      text: '…',
    });
    // What a claim writes, by an instance that then died before sending.
    await database.db
      .update(outbox)
      .set({ attempts: 1, nextAttemptAt: new Date(clock.now().getTime() + 5 * 60 * SECOND) })
      .where(eq(outbox.id, id));
    expect(await sendOutbox(deps())).toMatchObject({ sent: 0 });
    clock.advance(5 * 60 * SECOND);
    expect(await sendOutbox(deps())).toMatchObject({ sent: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('several instances', () => {
  let apps: FastifyInstance[];
  let slowSink: SmtpSink;

  beforeAll(async () => {
    slowSink = await SmtpSink.start({ delayMs: 5 });
    const mail = { smtpUrl: slowSink.url, from: FROM, dir: '/nonexistent' };
    apps = [
      await createTestApp(database, { now: clock.now, mail }),
      await createTestApp(database, { now: clock.now, mail }),
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await slowSink.close();
  });

  it('two reconcilers (and extra workers) sending at once never send one row twice', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(
        (
          await enqueueMail(database.db, {
            kind: 'invite',
            to: `guest${i}@example.com`,
            subject: `Invite ${i}`,
            text: '…',
          })
        ).id,
      );
    }
    const workerMailers = [0, 1].map(() =>
      createMailer({ smtpUrl: slowSink.url, from: FROM, dir: '/nonexistent' }),
    );
    try {
      await Promise.all([
        apps[0]!.ctx.reconciler.runOnce(),
        apps[1]!.ctx.reconciler.runOnce(),
        ...workerMailers.map((m) =>
          sendOutbox({ db: database.db, mailer: m, now: clock.now }, { batchSize: 3 }),
        ),
      ]);
      // Whatever is left (a run stops after its batches), the loops finish.
      await Promise.all([apps[0]!.ctx.reconciler.runOnce(), apps[1]!.ctx.reconciler.runOnce()]);
    } finally {
      for (const m of workerMailers) m.close();
    }

    const subjects = slowSink.messages.map((m) => m.subject).sort();
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    const rows = await database.db.select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
