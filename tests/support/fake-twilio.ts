import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A message as the fake keeps it: what Twilio's Messages resource answers. */
export interface FakeTwilioMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  status: 'queued';
  date_created: string;
  date_sent: null;
  direction: 'outbound-api';
}

/**
 * A local Twilio that speaks the Messages resource of its REST API (2010-04-01): form-encoded
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` and `GET` of the same list (To, From,
 * PageSize), HTTP basic auth with the account SID and auth token, JSON answers and Twilio's error
 * shape (`code`, `message`, `more_info`, `status`). It can refuse a recipient who answered STOP
 * (error 21610), fail the next sends with a 503, or accept a message and then drop the connection
 * before answering, as a process that dies between the provider's answer and its own record sees it.
 */
export class FakeTwilio {
  readonly messages: FakeTwilioMessage[] = [];
  readonly unsubscribed = new Set<string>();
  /** Requests of each kind, to tell a look-up from a send. */
  readonly calls = { send: 0, list: 0 };
  url = '';
  private failures = 0;
  private drops = 0;
  private server: Server | undefined;

  private constructor(
    readonly accountSid: string,
    readonly authToken: string,
    /** The app's clock: a message's date_created is stamped by it. */
    private readonly now: () => Date,
  ) {}

  static async start(options: {
    accountSid?: string;
    authToken?: string;
    now: () => Date;
  }): Promise<FakeTwilio> {
    const fake = new FakeTwilio(
      options.accountSid ?? `AC${randomBytes(16).toString('hex')}`,
      options.authToken ?? randomBytes(16).toString('hex'),
      options.now,
    );
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The next `n` sends answer 503 (nothing is kept). */
  failNext(n: number): void {
    this.failures = n;
  }

  /** The next `n` sends are kept, then the connection is dropped without an answer. */
  dropAfterAcceptingNext(n: number): void {
    this.drops = n;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (url.pathname !== path) return this.error(res, 404, 20404, 'The requested resource was not found');
    if (req.headers.authorization !== expected) return this.error(res, 401, 20003, 'Authenticate');
    if (req.method === 'GET') {
      this.calls.list++;
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const size = Number(url.searchParams.get('PageSize') ?? 50);
      const found = this.messages
        .filter((m) => (!to || m.to === to) && (!from || m.from === from))
        .reverse()
        .slice(0, size);
      return this.json(res, 200, { messages: found, page: 0, page_size: size, next_page_uri: null });
    }
    if (req.method !== 'POST') return this.error(res, 405, 20004, 'Method not allowed');
    this.calls.send++;
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return this.error(res, 400, 21601, 'Expected a form-encoded body');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const [to, from, body] = [form.get('To'), form.get('From'), form.get('Body')];
    if (!to) return this.error(res, 400, 21604, "A 'To' phone number is required.");
    if (!from) return this.error(res, 400, 21603, "A 'From' phone number is required.");
    if (!body) return this.error(res, 400, 21602, 'Message body is required.');
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return this.error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (this.unsubscribed.has(to))
      return this.error(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    if (this.failures > 0) {
      this.failures--;
      return this.error(res, 503, 20500, 'Service unavailable');
    }
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      account_sid: this.accountSid,
      to,
      from,
      body,
      status: 'queued',
      date_created: this.now().toUTCString().replace('GMT', '+0000'),
      date_sent: null,
      direction: 'outbound-api',
    };
    this.messages.push(message);
    if (this.drops > 0) {
      this.drops--;
      req.socket.destroy();
      return;
    }
    this.json(res, 201, message);
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, code: number, message: string): void {
    this.json(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
  }
}
