import WebSocket from 'ws';
import { parseChatMessage, type ChatMessage } from '../../src/core/chat';

/** A `ws` client on /ws/chat that records every frame it receives, for the chat integration tests. */
export class ChatSocket {
  readonly received: ChatMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = parseChatMessage(String(data));
      if (message) this.received.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        for (const wake of this.waiters.splice(0)) wake();
        resolve({ code, reason: String(reason) });
      });
    });
  }

  /** `ca`: the certificate authority to trust on `https` (a test's own, behind nginx). */
  static open(
    baseUrl: string,
    headers: { origin?: string; cookie?: string },
    tls: { ca?: string } = {},
  ): Promise<ChatSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws/chat`;
    const socket = new WebSocket(url, { headers: stripUndefined(headers), ...tls });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new ChatSocket(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new RefusedUpgrade(res.statusCode ?? 0)));
      socket.once('error', reject);
    });
  }

  /** The HTTP status a refused upgrade answered. */
  static async refusal(baseUrl: string, headers: { origin?: string; cookie?: string }): Promise<number> {
    try {
      const opened = await ChatSocket.open(baseUrl, headers);
      opened.close();
      return 101;
    } catch (error) {
      if (error instanceof RefusedUpgrade) return error.status;
      throw error;
    }
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Waits for a received frame matching the predicate (also one received earlier). */
  async next(predicate: (m: ChatMessage) => boolean, timeoutMs = 3000): Promise<ChatMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState !== WebSocket.OPEN) {
        throw new Error(`no matching chat frame; received: ${JSON.stringify(this.received)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

function stripUndefined(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
}
