import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | undefined;
  /** Text files to attach, e.g. a calendar invitation. */
  attachments?: Array<{ filename: string; contentType: string; content: string }> | undefined;
}

export interface Mailer {
  /** Resolves once the message was accepted (by the SMTP server, or written to disk). */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL, with credentials if any. Unset: files in `dir`. */
  smtpUrl?: string | undefined;
  from: string;
  dir: string;
  now?: () => Date;
}

/** SMTP when SMTP_URL is set, otherwise `.eml` files under DATA_DIR/mail. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? new SmtpMailer(options.smtpUrl, options.from)
    : new FileMailer(options.dir, options.from, options.now);
}

/**
 * The only module that imports nodemailer, at the first mail rather than at start: the outbox sends
 * after the server is up (decision 107).
 */
async function loadNodemailer() {
  return (await import('nodemailer')).default;
}

class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  private connect(): Promise<Transporter> {
    this.transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({
        url: this.smtpUrl,
        // A send must end well within the outbox's claim lease, or another instance could send it too.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      }),
    );
    return this.transport;
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await (await this.connect()).sendMail({ from: this.from, ...message });
    return { messageId: info.messageId };
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}

/** Writes each message as an RFC 822 `.eml` file, readable by any mail client (and by e2e tests). */
class FileMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<{ messageId: string }> {
    this.transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await this.transport).sendMail({ from: this.from, ...message });
    await mkdir(this.dir, { recursive: true });
    const slug = slugify(message.subject);
    // Names sort in sending order; a second mail with the same subject in the same millisecond takes
    // the next free millisecond rather than a suffix that would sort before the first.
    for (let at = this.now().getTime(); ; at++) {
      const file = path.join(this.dir, `${new Date(at).toISOString().replace(/[:.]/g, '-')}-${slug}.eml`);
      try {
        await writeFile(file, info.message as Buffer, { flag: 'wx' });
        return { messageId: info.messageId };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  close(): void {}
}

function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'message';
}
