import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { PROGRESS_HEARTBEAT_MS, PROGRESS_MIN_INTERVAL_MS, type ProgressMessage } from '../../core/momentum';
import type { Database } from '../db/client';
import { readEventProgress } from './read-event-progress';

/** How long a refused viewer is told to wait before trying again. */
export const STREAM_RETRY_AFTER_SECONDS = 30;
export const TOO_MANY_STREAMS = `Too many live updates are open from your network. Please try again in ${STREAM_RETRY_AFTER_SECONDS} seconds.`;
export const STREAMS_FULL = `Live updates are busy right now. Please try again in ${STREAM_RETRY_AFTER_SECONDS} seconds.`;

/** The NOTIFY channel the database triggers announce an event id on (migration progress-notify). */
export const PROGRESS_CHANNEL = 'event_progress';

interface EventChannel {
  viewers: Set<ServerResponse>;
  /** The last progress read; new viewers get it without a read of their own. */
  latest: ProgressMessage | null;
  /** Serialized latest, to skip sending what viewers already have. */
  latestJson: string | null;
  /** Whether the last read found the event hidden: then every new viewer is checked. */
  hidden: boolean;
  loading: Promise<void> | null;
  /** When the last read for a change began: reads (and so sends) are at most one per interval. */
  lastReadAt: number;
  /** A change arrived while a read was too recent or under way: one read and send is scheduled. */
  timer: NodeJS.Timeout | null;
}

/**
 * The live progress streams of this instance (docs/decisions/040-live-progress.md). The instance
 * LISTENs once; an event with viewers here keeps one channel holding its latest progress. A change
 * (announced by the database's triggers, from whichever instance made it) costs one read per event
 * per instance, at most once a second, whatever the number of viewers.
 */
export class ProgressHub {
  private readonly channels = new Map<number, EventChannel>();
  private unlisten: (() => Promise<void>) | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Reads of the database made for the streams, for tests and logs. */
  reads = 0;

  private readonly read: typeof readEventProgress;
  private readonly minIntervalMs: number;
  private readonly heartbeatMs: number;
  private readonly caps: { perAddress: number; perInstance: number };
  private openStreams = 0;
  private readonly openByAddress = new Map<string, number>();

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    options: {
      minIntervalMs?: number;
      heartbeatMs?: number;
      caps?: { perAddress: number; perInstance: number };
      /** How an event's progress is read (tests pass their own). */
      read?: typeof readEventProgress;
    } = {},
  ) {
    this.read = options.read ?? readEventProgress;
    this.minIntervalMs = options.minIntervalMs ?? PROGRESS_MIN_INTERVAL_MS;
    this.heartbeatMs = options.heartbeatMs ?? PROGRESS_HEARTBEAT_MS;
    this.caps = options.caps ?? { perAddress: Infinity, perInstance: Infinity };
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(PROGRESS_CHANNEL, (payload) => this.onChange(payload));
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.heartbeatMs).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeatTimer);
    for (const channel of this.channels.values()) {
      if (channel.timer) clearTimeout(channel.timer);
      for (const viewer of channel.viewers) viewer.end();
      await channel.loading;
    }
    this.channels.clear();
    await this.unlisten?.();
  }

  /**
   * Reserves a place for one more stream from `address`, or says why not: at most `perAddress` open
   * from one address and `perInstance` in all on this instance. Synchronous, so concurrent requests
   * can't all pass the check; `release` (idempotent) gives the place back when the stream closes.
   */
  reserve(address: string): { release: () => void } | { refusal: string } {
    const { perAddress, perInstance } = this.caps;
    const fromAddress = this.openByAddress.get(address) ?? 0;
    if (this.openStreams >= perInstance) return { refusal: STREAMS_FULL };
    if (fromAddress >= perAddress) return { refusal: TOO_MANY_STREAMS };
    this.openStreams++;
    this.openByAddress.set(address, fromAddress + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.openStreams--;
        const left = (this.openByAddress.get(address) ?? 1) - 1;
        if (left > 0) this.openByAddress.set(address, left);
        else this.openByAddress.delete(address);
      },
    };
  }

  /** Streams open (or being opened) on this instance. */
  get streamCount(): number {
    return this.openStreams;
  }

  /**
   * Whether this instance has nothing left to send for the event: no read scheduled or under way. With
   * `syncListeners`, what proves that a burst has gone out (tests wait on it instead of the clock).
   */
  isIdle(eventId: number): boolean {
    const channel = this.channels.get(eventId);
    return !channel || (channel.timer === null && channel.loading === null);
  }

  viewerCount(eventId: number): number {
    return this.channels.get(eventId)?.viewers.size ?? 0;
  }

  /**
   * Whether a new viewer may join without a read of its own: the event is watched here, was read,
   * and is not hidden (a hidden event's stream is only for those `findVisibleEvent` lets in).
   */
  isOpenToAll(eventId: number): boolean {
    const channel = this.channels.get(eventId);
    return Boolean(channel?.latest) && channel?.hidden === false;
  }

  /**
   * Takes over an open response for an event that exists. It gets the latest progress at once, then
   * every change; it leaves when the connection closes.
   */
  async subscribe(eventId: number, viewer: ServerResponse): Promise<void> {
    let channel = this.channels.get(eventId);
    if (!channel) {
      channel = {
        viewers: new Set(),
        latest: null,
        latestJson: null,
        hidden: true,
        loading: null,
        lastReadAt: 0,
        timer: null,
      };
      this.channels.set(eventId, channel);
    }
    channel.viewers.add(viewer);
    viewer.on('close', () => this.leave(eventId, viewer));
    if (channel.latest) {
      write(viewer, channel.latest);
      return;
    }
    // The first viewer (or several arriving together) waits for one read.
    if (!channel.loading) channel.loading = this.refresh(eventId, channel, false);
    await channel.loading;
    if (channel.latest && !viewer.writableEnded) write(viewer, channel.latest);
  }

  /**
   * An admin hid the event: its streams here end now (browsers reconnect, and are checked), and every
   * new viewer is checked until a read says it is public again.
   */
  endViewers(eventId: number): void {
    const channel = this.channels.get(eventId);
    if (!channel) return;
    channel.hidden = true;
    for (const viewer of channel.viewers) viewer.end();
  }

  private leave(eventId: number, viewer: ServerResponse): void {
    const channel = this.channels.get(eventId);
    if (!channel) return;
    channel.viewers.delete(viewer);
    if (channel.viewers.size === 0) {
      if (channel.timer) clearTimeout(channel.timer);
      this.channels.delete(eventId);
    }
  }

  private onChange(payload: string): void {
    const eventId = Number(payload);
    const channel = this.channels.get(eventId);
    if (!channel || this.stopped || channel.timer) return;
    this.readSoon(eventId, channel);
  }

  /**
   * Reads now if the last read began an interval ago and none is under way; otherwise one read is
   * scheduled for when both hold, and it carries every change so far. The wait is measured again
   * once a read under way ends, so a slow database never makes reads follow each other back to back.
   */
  private readSoon(eventId: number, channel: EventChannel): void {
    const wait = channel.lastReadAt + this.minIntervalMs - Date.now();
    if (wait <= 0 && !channel.loading) {
      channel.lastReadAt = Date.now();
      channel.loading = this.refresh(eventId, channel, true);
      return;
    }
    channel.timer = setTimeout(
      () => {
        void (channel.loading ?? Promise.resolve()).then(() => {
          channel.timer = null;
          if (this.stopped || this.channels.get(eventId) !== channel) return;
          this.readSoon(eventId, channel);
        });
      },
      Math.max(wait, 0),
    );
  }

  private async refresh(eventId: number, channel: EventChannel, broadcast: boolean): Promise<void> {
    try {
      this.reads++;
      const read = await this.read(this.database.db, eventId);
      if (!read) return;
      const { hidden, ...progress } = read;
      const takenDown = hidden === true && channel.hidden === false;
      channel.hidden = hidden === true;
      if (takenDown) {
        // Hidden while watched: every viewer is let go; browsers reconnect (and are checked) by themselves.
        for (const viewer of channel.viewers) viewer.end();
        return;
      }
      const json = JSON.stringify(progress);
      const changed = json !== channel.latestJson;
      channel.latest = progress;
      channel.latestJson = json;
      if (broadcast && changed) {
        for (const viewer of channel.viewers) write(viewer, progress);
      }
    } catch (err) {
      this.log.warn({ err, eventId }, 'could not read event progress');
    } finally {
      channel.loading = null;
    }
  }

  private heartbeat(): void {
    for (const channel of this.channels.values()) {
      for (const viewer of channel.viewers) if (!viewer.writableEnded) viewer.write(': heartbeat\n\n');
    }
  }
}

function write(viewer: ServerResponse, progress: ProgressMessage): void {
  if (viewer.writableEnded) return;
  viewer.write(`event: progress\ndata: ${JSON.stringify(progress)}\n\n`);
}
