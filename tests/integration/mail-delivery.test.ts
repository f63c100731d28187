import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { outbox } from '../../src/server/db/schema';
import { enqueueMail } from '../../src/server/outbox/enqueue-mail';
import { renderMail } from '../../src/server/outbox/templates';
import { readMailDir, SmtpSink } from '../support/smtp-sink';
import { createClock, createTestApp, openTestDatabase } from '../support/test-app';

const FROM = 'Food Truck Fund <receipts@foodtruckfund.test>';
const LINK =
  'http://localhost:3000/events/public/42?receipt=eyJvcmRlcklkIjoxMiwiZXhwIjoxNzk5OTk5OTk5fQ.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

let database: Database;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function rowOf(id: number) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

describe('outbox mail through SMTP (SMTP_URL)', () => {
  let sink: SmtpSink;
  let app: FastifyInstance;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    app = await createTestApp(database, {
      now: clock.now,
      mail: { smtpUrl: sink.url, from: FROM, dir: '/nonexistent' },
    });
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  it('delivers a receipt written to the outbox, text and HTML, and marks it sent', async () => {
    const content = renderMail({
      greeting: 'Hi Zoë,',
      paragraphs: [
        'Your card is authorized for $15.75 at <Taco Loco>. It is charged only when the event reaches its goal.',
      ],
      action: { label: 'See or cancel your order', url: LINK },
    });
    const { id } = await enqueueMail(database.db, {
      kind: 'order-received',
      to: 'zoe@example.com',
      subject: 'Order received: Tacos for Schools ✔',
      ...content,
    });
    await app.ctx.reconciler.runOnce();

    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail.envelopeTo).toEqual(['zoe@example.com']);
    expect(mail.envelopeFrom).toBe('receipts@foodtruckfund.test');
    expect(mail.from).toBe('Food Truck Fund <receipts@foodtruckfund.test>');
    expect(mail.subject).toBe('Order received: Tacos for Schools ✔');
    expect(mail.text).toContain('Hi Zoë,');
    expect(mail.text).toContain(`See or cancel your order: ${LINK}`);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain('&lt;Taco Loco&gt;');
    expect(mail.html).not.toContain('<Taco Loco>');

    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: clock.now(),
    });
  });

  it('sends nothing that a rolled-back transaction wrote', async () => {
    const before = sink.messages.length;
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          kind: 'order-received',
          to: 'ghost@example.com',
          subject: 'Never',
          text: 'Never sent',
        });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, {
        kind: 'order-received',
        to: 'real@example.com',
        subject: 'Committed',
        text: 'Sent',
      });
    });
    await app.ctx.reconciler.runOnce();
    expect(sink.messages.slice(before).map((m) => m.subject)).toEqual(['Committed']);
  });
});

describe('SMTP with a login', () => {
  it('logs in with the credentials of the URL, and keeps the mail for later when they are wrong', async () => {
    const sink = await SmtpSink.start({ user: 'mailer', pass: 's3cret!' });
    const good = await createTestApp(database, {
      now: clock.now,
      mail: { smtpUrl: sink.url, from: FROM, dir: '/nonexistent' },
    });
    const bad = await createTestApp(database, {
      now: clock.now,
      mail: { smtpUrl: sink.url.replace('s3cret', 'wrong'), from: FROM, dir: '/nonexistent' },
    });
    try {
      const refused = await enqueueMail(database.db, {
        kind: 'invite',
        to: 'a@example.com',
        subject: 'Wrong login',
        text: 'x',
      });
      await bad.ctx.reconciler.runOnce();
      expect(sink.messages).toHaveLength(0);
      expect(await rowOf(refused.id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: expect.stringMatching(/Invalid login|535/),
      });

      const accepted = await enqueueMail(database.db, {
        kind: 'invite',
        to: 'b@example.com',
        subject: 'Right login',
        text: 'y',
      });
      await good.ctx.reconciler.runOnce();
      expect(sink.messages.map((m) => m.subject)).toEqual(['Right login']);
      expect((await rowOf(accepted.id)).status).toBe('sent');
    } finally {
      await good.close();
      await bad.close();
      await sink.close();
    }
  });
});

describe('outbox mail as files (no SMTP_URL)', () => {
  it('writes each message as a readable .eml file named by time and subject', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mail-'));
    const app = await createTestApp(database, {
      now: clock.now,
      mail: { smtpUrl: undefined, from: FROM, dir },
    });
    try {
      const content = renderMail({
        paragraphs: ['Your order is in.'],
        action: { label: 'Your order', url: LINK },
      });
      await enqueueMail(database.db, {
        kind: 'order-received',
        to: 'dee@example.com',
        subject: 'Order received: Taco Loco!',
        ...content,
      });
      await enqueueMail(database.db, {
        kind: 'order-received',
        to: 'eve@example.com',
        subject: 'Order received: Taco Loco!',
        text: 'Second',
      });
      await app.ctx.reconciler.runOnce();

      const mails = await readMailDir(dir);
      expect(mails.map((m) => m.file)).toEqual([
        '2026-11-21T12-00-00-000Z-order-received-taco-loco.eml',
        '2026-11-21T12-00-00-001Z-order-received-taco-loco.eml',
      ]);
      expect(mails[0]).toMatchObject({
        to: 'dee@example.com',
        from: FROM,
        subject: 'Order received: Taco Loco!',
      });
      expect(mails[0]!.text).toContain(`Your order: ${LINK}`);
      expect(mails[0]!.html).toContain(`href="${LINK}"`);
      expect(mails[1]).toMatchObject({ to: 'eve@example.com', text: 'Second' });
    } finally {
      await app.close();
    }
  });
});
