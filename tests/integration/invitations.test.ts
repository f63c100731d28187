import type { FastifyInstance } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { outbox } from '../../src/server/db/schema';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function liveEvent() {
  const username = `org${Math.random().toString(36).slice(2, 7)}`;
  // The factory's address counts as confirmed.
  const organizer = await createUser(database.db, { username, contactEmail: `${username}@example.com` });
  const truck = await createTruck(database.db);
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
  });
  return { organizer, event };
}

const mailTo = (address: string) =>
  database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'invite'), eq(outbox.recipient, address)));

describe('invitations', () => {
  it('from a guest: sent without their text, and saying we do not know who sent it', async () => {
    const { event } = await liveEvent();
    const guest = new Agent(app, '10.30.0.1');
    const withText = await guest.post(`/api/events/${event.id}/invite`, {
      emails: ['pat@example.com'],
      customMessage: 'Click http://evil.example now',
    });
    expect(withText.statusCode).toBe(400);
    expect(withText.json()).toMatchObject({
      message: 'Sign in to add a personal message',
      errors: { customMessage: 'Sign in to add a personal message' },
    });
    expect(await mailTo('pat@example.com')).toHaveLength(0);

    const plain = await guest.post(`/api/events/${event.id}/invite`, { emails: ['pat@example.com'] });
    expect(plain.statusCode).toBe(200);
    const [mail] = await mailTo('pat@example.com');
    expect(mail!.subject).toBe(`You're invited: ${event.title}`);
    expect(mail!.textBody).toContain("we don't know who");
    expect(mail!.textBody).not.toContain('evil');
  });

  it('from a signed-in organizer: names them, and their message is escaped in the HTML', async () => {
    const { organizer, event } = await liveEvent();
    const agent = new Agent(app, '10.30.0.2');
    await agent.login(organizer.username);
    const res = await agent.post(`/api/events/${event.id}/invite`, {
      emails: ['sam@example.com', 'SAM@example.com'],
      customMessage: 'Bring friends <script>alert(1)</script> & "family"',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitations sent successfully!', sent: 1 });
    const [mail] = await mailTo('sam@example.com');
    expect(mail!.subject).toBe(`${organizer.username} invited you: ${event.title}`);
    expect(mail!.textBody).toContain(
      `${organizer.username} wrote: "Bring friends <script>alert(1)</script> & "family""`,
    );
    expect(mail!.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;family&quot;');
    expect(mail!.htmlBody).not.toContain('<script>');
  });

  it('from an account that has not confirmed its e-mail: no text of theirs and no name, until it does', async () => {
    const { event } = await liveEvent();
    const agent = new Agent(app, '10.30.0.5');
    const registered = await agent.post('/api/register', {
      username: 'PayPal-Security',
      password: 'violet-harbor-42',
      role: 'organizer',
      email: 'billing@paypal-security.example',
    });
    expect(registered.json().emailVerified).toBe(false);
    const withText = await agent.post(`/api/events/${event.id}/invite`, {
      emails: ['victim@example.com'],
      customMessage: 'Your account is locked: http://evil.example',
    });
    expect(withText.statusCode).toBe(400);
    expect(withText.json()).toMatchObject({
      message: 'Confirm your e-mail address (see your Account page) to add a personal message',
      errors: {
        customMessage: 'Confirm your e-mail address (see your Account page) to add a personal message',
      },
    });
    expect(await mailTo('victim@example.com')).toHaveLength(0);

    const plain = await agent.post(`/api/events/${event.id}/invite`, { emails: ['victim@example.com'] });
    expect(plain.statusCode).toBe(200);
    const [mail] = await mailTo('victim@example.com');
    expect(mail!.subject).toBe(`You're invited: ${event.title}`);
    expect(`${mail!.subject} ${mail!.textBody}`).not.toContain('PayPal');

    // The link in the confirmation mail makes the account a named sender who may write.
    const [confirmation] = await database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'email-verification'), eq(outbox.recipient, 'billing@paypal-security.example')),
      );
    const token = /#token=([\w-]+)/.exec(confirmation!.textBody)![1]!;
    expect((await new Agent(app).post('/api/account/verify-email', { token })).statusCode).toBe(200);
    const named = await agent.post(`/api/events/${event.id}/invite`, {
      emails: ['friend@example.com'],
      customMessage: 'See you there',
    });
    expect(named.statusCode).toBe(200);
    const [namedMail] = await mailTo('friend@example.com');
    expect(namedMail!.subject).toBe(`PayPal-Security invited you: ${event.title}`);
    expect(namedMail!.textBody).toContain('PayPal-Security wrote: "See you there"');
  });

  it('caps the addresses one sender may invite in a day, across events', async () => {
    const a = await liveEvent();
    const b = await liveEvent();
    const guest = new Agent(app, '10.30.0.3');
    const batch = (prefix: string) => Array.from({ length: 50 }, (_, i) => `${prefix}${i}@example.com`);
    expect((await guest.post(`/api/events/${a.event.id}/invite`, { emails: batch('d1-') })).statusCode).toBe(
      200,
    );
    expect((await guest.post(`/api/events/${b.event.id}/invite`, { emails: batch('d2-') })).statusCode).toBe(
      200,
    );
    const over = await guest.post(`/api/events/${b.event.id}/invite`, { emails: ['one-more@example.com'] });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You have sent too many invitations today. Please try again tomorrow.');
    expect(over.headers['retry-after']).toBeDefined();
    expect(await mailTo('one-more@example.com')).toHaveLength(0);
    // Someone else may still invite people to the same event.
    expect(
      (
        await new Agent(app, '10.30.0.4').post(`/api/events/${b.event.id}/invite`, {
          emails: ['ok@example.com'],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('caps the addresses one event may invite in an hour, whoever sends them', async () => {
    const { event } = await liveEvent();
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const emails = Array.from({ length: 50 }, (_, j) => `ev${i}-${j}@example.com`);
      codes.push(
        (await new Agent(app, `10.31.0.${i}`).post(`/api/events/${event.id}/invite`, { emails })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    const sent = await database.db.select().from(outbox).where(like(outbox.recipient, 'ev%@example.com'));
    expect(sent).toHaveLength(200);
  });
});
