import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

/** A mail as a reader sees it: headers decoded, the text and HTML parts decoded. */
export interface ParsedMail {
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | undefined;
}

export interface ReceivedMail extends ParsedMail {
  /** The SMTP envelope. */
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

/**
 * A real SMTP server (the `smtp-server` package) that keeps what it receives. It can require a login,
 * answer slowly, or refuse the next messages with a temporary error (as a busy server does).
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** Messages refused by `failNext`. */
  refused = 0;
  url = '';
  private failures = 0;
  private server: SMTPServer | undefined;

  private constructor(
    private readonly options: { user?: string; pass?: string; delayMs?: number; port?: number },
  ) {}

  /** `port`: listen there (a server back on the address it had), else on any free port. */
  static async start(
    options: { user?: string; pass?: string; delayMs?: number; port?: number } = {},
  ): Promise<SmtpSink> {
    const sink = new SmtpSink(options);
    const requireAuth = Boolean(options.user);
    sink.server = new SMTPServer({
      // Plain SMTP on localhost: no STARTTLS (nodemailer would try it and distrust a self-signed cert).
      disabledCommands: requireAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      allowInsecureAuth: true,
      authOptional: !requireAuth,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === options.user && auth.password === options.pass)
          return callback(null, { user: auth.username });
        callback(new Error('Invalid username or password'));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          void (async () => {
            if (sink.options.delayMs) await sleep(sink.options.delayMs);
            if (sink.failures > 0) {
              sink.failures--;
              sink.refused++;
              const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
              error.responseCode = 451;
              return callback(error);
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            sink.messages.push({
              ...parseMail(raw),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
            });
            callback();
          })();
        });
      },
    });
    await new Promise<void>((resolve) => sink.server!.listen(options.port ?? 0, '127.0.0.1', resolve));
    const { port } = sink.server.server.address() as AddressInfo;
    const credentials = options.user
      ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@`
      : '';
    sink.url = `smtp://${credentials}127.0.0.1:${port}`;
    return sink;
  }

  /** The next `n` messages are refused with `451` (a temporary failure). */
  failNext(n: number): void {
    this.failures += n;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Reads every `.eml` file of a mail directory (the file mailer's), oldest first. */
export async function readMailDir(dir: string): Promise<Array<ParsedMail & { file: string }>> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => ({ file, ...parseMail(await readFile(path.join(dir, file), 'utf8')) })),
  );
}

/** A small MIME reader, enough for what nodemailer writes: one text part, or text and HTML alternatives. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitPart(raw);
  const parts = collectParts(headers, body);
  return {
    headers,
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content,
  };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(
  headers: Record<string, string>,
  body: string,
): Array<{ type: string; content: string }> {
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const part = splitPart(chunk.replace(/^\n/, ''));
        return collectParts(part.headers, part.body);
      });
  }
  return [{ type, content: decodeBody(body, headers['content-transfer-encoding']) }];
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body).replace(/\n$/, '');
    default:
      return body.replace(/\n$/, '');
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const softBroken = text.replace(/=\n/g, '');
  for (let i = 0; i < softBroken.length; i++) {
    const c = softBroken[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(softBroken.slice(i + 1, i + 3))) {
      bytes.push(parseInt(softBroken.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as in a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
