import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { chatClientMessageSchema, createSystemNotice, isMessageId, type ChatMessage } from '../../core/chat';
import type { Language } from '../../core/language';
import type { AppContext } from '../context';
import { isSessionCurrent } from '../auth/sessions';
import { parseSessionEvent, SESSION_EVENTS_CHANNEL } from '../auth/session-events';
import { sessions } from '../db/schema';
import type { ChatIdentity } from './chat-identity';
import {
  CHAT_BURST,
  CHAT_MAX_REFUSALS_IN_A_ROW,
  CHAT_MESSAGES_PER_SECOND,
  CHAT_PING_INTERVAL_MS,
  CHAT_PRESENCE_HEARTBEAT_MS,
  CHAT_PRESENCE_STALE_MS,
  CHAT_MAX_SOCKETS_PER_IP,
  CHAT_MAX_SOCKETS_PER_SESSION,
  CHAT_SESSION_ENDED_CODE,
} from './chat-limits';
import {
  countActiveConnections,
  deletePresence,
  findMessageForDelivery,
  sweepPresence,
  writePresence,
} from './chat.repository';
import { CHAT_NOTICES, chatNoticeIn } from './chat-words';
import { sendChatMessage } from './send-chat-message';
import { TokenBucket } from './token-bucket';
import { CoalescingRun } from '../jobs/coalescing-run';

/** The Postgres NOTIFY channel every instance listens on; the payload names a stored message. */
export const CHAT_CHANNEL = 'chat_messages';

/** What the upgrade knew about the caller, beyond the chat identity. */
export interface ChatSocketOwner {
  sid: string;
  ip: string;
  /** The language of the page that opened the chat (the upgrade's): system notices are said in it. */
  language: Language;
  /** When the session expires, unless it is extended meanwhile. */
  expire: Date;
}

interface ChatConnection {
  socket: WebSocket;
  identity: ChatIdentity;
  owner: ChatSocketOwner;
  expiryTimer: NodeJS.Timeout | undefined;
  bucket: TokenBucket;
  refusalsInARow: number;
  isAlive: boolean;
  /** Frames of one socket are handled one after another, in the order they came. */
  queue: Promise<void>;
}

/**
 * The sockets of this instance. A message is stored, then announced with NOTIFY; every instance
 * (this one included) hears it, reads it back and hands it to its own sockets that may see it:
 * the visitor whose conversation it is, and every admin.
 */
export class ChatHub {
  readonly instanceId = randomUUID();
  private readonly connections = new Set<ChatConnection>();
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenSessions: (() => Promise<void>) | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private deliveries: Promise<void> = Promise.resolve();
  /** Writes this instance's socket count; requests during a write make one more write. */
  private readonly presence = new CoalescingRun(() => this.recordPresence());
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.ctx.database.listen(CHAT_CHANNEL, (payload) => this.onNotification(payload));
    this.unlistenSessions = await this.ctx.database.listen(SESSION_EVENTS_CHANNEL, (payload) =>
      this.onSessionEvent(payload),
    );
    this.heartbeatTimer = setInterval(() => void this.syncPresence(), CHAT_PRESENCE_HEARTBEAT_MS).unref();
    this.pingTimer = setInterval(() => this.pingSockets(), CHAT_PING_INTERVAL_MS).unref();
  }

  /** Sockets open on this instance (the metrics read it). */
  get connectionCount(): number {
    return this.connections.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeatTimer);
    clearInterval(this.pingTimer);
    for (const connection of this.connections) connection.socket.close(1001, 'Server shutting down');
    this.connections.clear();
    await this.unlisten?.();
    await this.unlistenSessions?.();
    await this.presence.running;
    await this.deliveries;
    await deletePresence(this.ctx.db, this.instanceId).catch((err: unknown) =>
      this.log.warn({ err }, 'could not remove chat presence'),
    );
  }

  /** Null when this caller may open another socket; otherwise why not. */
  refusalFor(owner: Pick<ChatSocketOwner, 'sid' | 'ip'>): string | null {
    let perSession = 0;
    let perIp = 0;
    for (const connection of this.connections) {
      if (connection.owner.sid === owner.sid) perSession++;
      if (connection.owner.ip === owner.ip) perIp++;
    }
    if (perSession >= CHAT_MAX_SOCKETS_PER_SESSION)
      return 'Too many chat windows are open in this browser. Close one and try again.';
    if (perIp >= CHAT_MAX_SOCKETS_PER_IP)
      return 'Too many chat connections from your network. Please try again later.';
    return null;
  }

  /** Takes over an upgraded socket whose identity the session decided. */
  accept(socket: WebSocket, identity: ChatIdentity, owner: ChatSocketOwner): void {
    if (this.stopped) {
      socket.close(1001, 'Server shutting down');
      return;
    }
    const connection: ChatConnection = {
      socket,
      identity,
      owner,
      expiryTimer: undefined,
      // On the app's clock (`config.now`), which tests move instead of waiting for a refill.
      bucket: new TokenBucket(CHAT_BURST, CHAT_MESSAGES_PER_SECOND, this.ctx.now().getTime()),
      refusalsInARow: 0,
      isAlive: true,
      queue: Promise.resolve(),
    };
    const refusal = this.refusalFor(owner);
    if (refusal) {
      socket.close(1008, 'Too many connections');
      return;
    }
    this.connections.add(connection);
    this.scheduleExpiry(connection);
    void this.syncPresence();

    socket.on('message', (data, isBinary) => {
      connection.queue = connection.queue.then(() =>
        this.handleFrame(connection, data, isBinary).catch((err: unknown) => {
          this.log.error({ err }, 'chat message failed');
          this.refuse(connection, CHAT_NOTICES.notSent, null);
        }),
      );
    });
    socket.on('pong', () => {
      connection.isAlive = true;
    });
    socket.on('close', () => {
      clearTimeout(connection.expiryTimer);
      this.connections.delete(connection);
      void this.syncPresence();
    });
  }

  /** Open sockets across every instance (this one's count written first, so it is current). */
  async activeConnections(): Promise<number> {
    await this.syncPresence();
    return countActiveConnections(this.ctx.db, new Date(this.ctx.now().getTime() - CHAT_PRESENCE_STALE_MS));
  }

  /** Closes a socket whose session is gone, so it neither reads nor speaks for it any more. */
  private endConnection(connection: ChatConnection): void {
    clearTimeout(connection.expiryTimer);
    this.connections.delete(connection);
    connection.socket.close(CHAT_SESSION_ENDED_CODE, 'Session ended');
    void this.syncPresence();
  }

  private onSessionEvent(payload: string): void {
    const event = parseSessionEvent(payload);
    if (!event) return;
    for (const connection of this.connections) {
      const matches =
        'sid' in event ? connection.owner.sid === event.sid : connection.identity.userId === event.userId;
      if (matches) this.endConnection(connection);
    }
  }

  /** At the session's expiry, close the socket unless the session was extended meanwhile. */
  private scheduleExpiry(connection: ChatConnection): void {
    const ms = connection.owner.expire.getTime() - this.ctx.now().getTime();
    connection.expiryTimer = setTimeout(
      () => void this.recheckSession(connection),
      Math.min(Math.max(ms, 0) + 1000, 2_147_483_647),
    ).unref();
  }

  private async recheckSession(connection: ChatConnection): Promise<void> {
    if (!this.connections.has(connection)) return;
    try {
      const [row] = await this.ctx.db
        .select({ expire: sessions.expire })
        .from(sessions)
        .where(eq(sessions.sid, connection.owner.sid));
      if (!row || row.expire.getTime() <= this.ctx.now().getTime()) {
        this.endConnection(connection);
        return;
      }
      connection.owner.expire = row.expire;
      this.scheduleExpiry(connection);
    } catch (err) {
      this.log.warn({ err }, 'could not check a chat session');
      this.scheduleExpiry(connection);
    }
  }

  private async handleFrame(connection: ChatConnection, data: RawData, isBinary: boolean): Promise<void> {
    if (!connection.bucket.take(this.ctx.now().getTime())) {
      this.refuse(connection, CHAT_NOTICES.tooFast, idOf(data, isBinary));
      return;
    }
    // Checked on every frame too, so a missed notification can't let an ended session speak.
    const current = await isSessionCurrent(
      this.ctx.db,
      connection.owner.sid,
      connection.identity.userId,
      this.ctx.now(),
    );
    if (!current) {
      this.endConnection(connection);
      return;
    }
    if (isBinary) {
      this.refuse(connection, CHAT_NOTICES.notText, null);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      this.refuse(connection, CHAT_NOTICES.notJson, null);
      return;
    }
    const parsed = chatClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      this.refuse(connection, parsed.error.issues[0]?.message ?? 'Invalid input', idOf(data, isBinary));
      return;
    }
    const result = await sendChatMessage(this.ctx.db, connection.identity, parsed.data, this.ctx.now());
    if (result.status === 'refused') {
      this.refuse(connection, result.reason, parsed.data.id);
      return;
    }
    connection.refusalsInARow = 0;
    if (result.status === 'duplicate') {
      send(connection.socket, result.message);
      return;
    }
    await this.ctx.database.notify(CHAT_CHANNEL, JSON.stringify({ id: result.message.id }));
  }

  /** A notice to this socket alone, in its language; a socket that keeps going is closed. */
  private refuse(connection: ChatConnection, text: string, replyTo: string | null): void {
    connection.refusalsInARow += 1;
    if (connection.refusalsInARow > CHAT_MAX_REFUSALS_IN_A_ROW) {
      connection.socket.close(1008, 'Too many refused messages');
      return;
    }
    const said = chatNoticeIn(connection.owner.language, text);
    send(connection.socket, createSystemNotice(said, this.ctx.now().getTime(), replyTo));
  }

  private onNotification(payload: string): void {
    // Read back in the order announced, so every socket sees a conversation in order.
    this.deliveries = this.deliveries.then(async () => {
      try {
        const { id } = JSON.parse(payload) as { id?: unknown };
        if (typeof id !== 'string' || this.stopped) return;
        const found = await findMessageForDelivery(this.ctx.db, id);
        if (!found) return;
        for (const connection of this.connections) {
          const mayRead =
            connection.identity.role === 'admin' || connection.identity.visitorKey === found.visitorKey;
          if (mayRead) send(connection.socket, found.message);
        }
      } catch (err) {
        this.log.error({ err }, 'chat delivery failed');
      }
    });
  }

  private syncPresence(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.presence.request();
  }

  /** One write of the socket count, and a sweep of stopped instances' rows; none once stopped. */
  private async recordPresence(): Promise<void> {
    if (this.stopped) return;
    const now = this.ctx.now();
    try {
      await writePresence(this.ctx.db, this.instanceId, this.connections.size, now);
      await sweepPresence(this.ctx.db, new Date(now.getTime() - 10 * CHAT_PRESENCE_STALE_MS));
    } catch (err) {
      this.log.warn({ err }, 'could not write chat presence');
    }
  }

  /** Sockets whose peer vanished without a close frame are found by ping and dropped. */
  private pingSockets(): void {
    for (const connection of this.connections) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
    }
  }
}

function send(socket: WebSocket, message: ChatMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/** The id of a refused frame, when it has a valid one, so the sender can mark that message. */
function idOf(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  try {
    const id = (JSON.parse(rawText(data)) as { id?: unknown } | null)?.id;
    return typeof id === 'string' && isMessageId(id) ? id : null;
  } catch {
    return null;
  }
}
