import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Text messages (SMS) to diners (docs/decisions/227-ready-texts.md): Twilio's REST API when it is
 * configured, otherwise one file per message under DATA_DIR/sms, as mail is written under
 * DATA_DIR/mail. Plain HTTPS, no SDK: two calls of the Messages resource.
 */
export interface OutgoingText {
  /** The outbox row's id: names the file, and nothing else. */
  id: number;
  to: string;
  body: string;
}

export interface TextSender {
  /** Resolves once the provider accepted the message (or the file is written). */
  send(text: OutgoingText): Promise<{ sid: string }>;
  /**
   * The message already sent with this recipient and body since `since`, if any: asked before a text
   * whose earlier claim lapsed is sent again, so a crash between sending and recording sends nothing twice.
   */
  findSent(text: OutgoingText, since: Date): Promise<{ sid: string } | null>;
}

/** A refusal that trying again will not change (a bad number, an unsubscribed one, a wrong account). */
export class TextRefused extends Error {
  constructor(
    message: string,
    /** The recipient answered STOP at the provider (Twilio's error 21610). */
    readonly stopped = false,
  ) {
    super(message);
    this.name = 'TextRefused';
  }
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com, or a local fake in tests. */
  apiUrl: string;
}

export function createTextSender(options: { twilio: TwilioOptions | null; dir: string }): TextSender {
  return options.twilio ? new TwilioTextSender(options.twilio) : new FileTextSender(options.dir);
}

/** Twilio error 21610: "Attempt to send to unsubscribed recipient". */
const UNSUBSCRIBED = 21610;
/** A send must end well within the outbox's claim lease. */
const TIMEOUT_MS = 20_000;

class TwilioTextSender implements TextSender {
  private readonly messagesUrl: string;
  private readonly authorization: string;

  constructor(private readonly options: TwilioOptions) {
    this.messagesUrl = `${options.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  }

  async send(text: OutgoingText): Promise<{ sid: string }> {
    const response = await fetch(this.messagesUrl, {
      method: 'POST',
      headers: {
        Authorization: this.authorization,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ To: text.to, From: this.options.from, Body: text.body }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      sid?: string;
      code?: number;
      message?: string;
    };
    if (response.ok && answer.sid) return { sid: answer.sid };
    const why = `Twilio ${response.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message ?? 'no message'}`;
    // 4xx other than 429 will be the same next time; 429 and 5xx are worth another try.
    if (response.status >= 400 && response.status < 500 && response.status !== 429)
      throw new TextRefused(why, answer.code === UNSUBSCRIBED);
    throw new Error(why);
  }

  async findSent(text: OutgoingText, since: Date): Promise<{ sid: string } | null> {
    const query = new URLSearchParams({ To: text.to, From: this.options.from, PageSize: '50' });
    const response = await fetch(`${this.messagesUrl}?${query}`, {
      headers: { Authorization: this.authorization, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Twilio ${response.status} listing messages`);
    const page = (await response.json()) as {
      messages?: Array<{ sid: string; body: string; date_created: string | null }>;
    };
    const found = (page.messages ?? []).find(
      (m) =>
        m.body === text.body && (!m.date_created || Date.parse(m.date_created) >= since.getTime() - 60_000),
    );
    return found ? { sid: found.sid } : null;
  }
}

/** One file per message, named by its outbox row, so writing it twice writes it once. */
class FileTextSender implements TextSender {
  constructor(private readonly dir: string) {}

  private file(text: OutgoingText): string {
    return path.join(this.dir, `${String(text.id).padStart(8, '0')}.txt`);
  }

  async send(text: OutgoingText): Promise<{ sid: string }> {
    await mkdir(this.dir, { recursive: true });
    try {
      await writeFile(this.file(text), `To: ${text.to}\n\n${text.body}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return { sid: `file:${text.id}` };
  }

  async findSent(text: OutgoingText): Promise<{ sid: string } | null> {
    try {
      await readFile(this.file(text));
      return { sid: `file:${text.id}` };
    } catch {
      return null;
    }
  }
}
