import http from 'node:http';
import https from 'node:https';

export interface SseMessage {
  event: string;
  data: string;
  at: number;
}

/** A Server-Sent Events reader over plain HTTP that records every message (and comment) it gets. */
export class SseClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  status = 0;
  /** Everything received so far, as text. */
  body = '';
  ended = false;
  headers: http.IncomingHttpHeaders = {};
  private waiters: Array<() => void> = [];
  private request: http.ClientRequest | undefined;

  /** Over `https` too, trusting `ca` (a test's own certificate, behind nginx). */
  static async open(
    url: string,
    headers: Record<string, string> = {},
    tls: { ca?: string } = {},
  ): Promise<SseClient> {
    const client = new SseClient();
    const get = url.startsWith('https:') ? https.get : http.get;
    await new Promise<void>((resolve, reject) => {
      client.request = get(url, { headers: { accept: 'text/event-stream', ...headers }, ...tls }, (res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          client.body += chunk;
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            client.parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('end', () => {
          client.ended = true;
          client.wake();
        });
        resolve();
      });
      client.request.on('error', reject);
    });
    return client;
  }

  private parse(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) this.messages.push({ event, data: data.join('\n'), at: performance.now() });
    this.wake();
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The parsed `progress` messages so far. */
  progress<T = Record<string, unknown>>(): T[] {
    return this.messages.filter((m) => m.event === 'progress').map((m) => JSON.parse(m.data) as T);
  }

  /** Waits for a progress message that matches, up to `timeoutMs`. */
  async nextProgress<T = Record<string, unknown>>(
    match: (p: T) => boolean,
    timeoutMs: number,
    from = 0,
  ): Promise<{ progress: T; at: number }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .slice(from)
        .filter((m) => m.event === 'progress')
        .map((m) => ({ progress: JSON.parse(m.data) as T, at: m.at }))
        .find((m) => match(m.progress));
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0)
        throw new Error(`No matching progress within ${timeoutMs} ms: ${JSON.stringify(this.progress())}`);
      await this.nextMessage(left);
    }
  }

  /** Waits until `check` holds of what was received (checked on every message and at the end). */
  async until(check: (client: SseClient) => boolean, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!check(this)) {
      const left = deadline - performance.now();
      if (left <= 0 || this.ended) {
        if (check(this)) return;
        throw new Error(`Not within ${timeoutMs} ms: received ${JSON.stringify(this.body.slice(0, 500))}`);
      }
      await this.nextMessage(left);
    }
  }

  /** Resolves at the next message, or after `deadlineMs` at the latest (a deadline only: it can fail a wait, never pass one). */
  private nextMessage(deadlineMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deadlineMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    this.request?.destroy();
  }
}
