import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db, OpenHooks } from './client';
import { hasPendingMigrations, migrationsFolder } from './pending-migrations';
import * as schema from './schema';

/** PostgreSQL through a node-postgres pool (`DATABASE_URL`): see `openDatabase`. */
export async function openPostgres(url: string, hooks: OpenHooks = {}): Promise<Database> {
  // No JIT: every statement here is short, and a stale row estimate over millions of rows made a sweep
  // that reads nothing spend 40-70 ms compiling its plan (decision 162).
  const pool = new pg.Pool({ connectionString: url, max: 20, options: '-c jit=off' });
  pool.on('error', () => {}); // an idle client's error is reported on its next use
  // A client checked out (a transaction between two statements) whose backend is terminated emits
  // `error` with no one listening: an uncaught exception that would end the process. The failure
  // reaches its caller anyway, as the rejection of its next statement (decision 139).
  pool.on('connect', (client) => client.on('error', () => {}));
  releaseClientsWhoseBeginFails(pool);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  if (await hasPendingMigrations((text) => pool.query(text))) {
    hooks.onMigrating?.();
    // Several instances may start at once: one migrates, the others wait for it.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock(727274)');
      await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
      lockClient.release();
    }
  }
  const listener = new SharedListener(url);
  return {
    db,
    driver: 'postgres',
    listen: (channel, onPayload, onConnection) => listener.subscribe(channel, { onPayload, onConnection }),
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    syncListeners: (channels) => listener.sync(channels),
    isListening: () => listener.isUp(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async countListeners() {
      const { rows } = await pool.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      return rows[0]?.count ?? 0;
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Drizzle's transaction (0.45) checks a client out, then sends `begin` outside its try/finally: when the
 * connection is dead (a restart, a terminated backend), `begin` fails and the client is never released.
 * Each such client holds a place in the pool for good; after 20 of them the instance waits forever
 * (found by the restart rehearsal, decision 139). A client checked out with a promise (Drizzle's way;
 * the pool's own `query` uses a callback) has its first statement watched: a `begin` that fails
 * releases it, destroyed.
 */
function releaseClientsWhoseBeginFails(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const query = client.query;
      client.query = ((...queryArgs: unknown[]) => {
        client.query = query;
        const first = queryArgs[0];
        const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
        const result = (query as (...a: unknown[]) => unknown).apply(client, queryArgs);
        if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise))
          return result;
        return result.catch((error: unknown) => {
          client.release(error instanceof Error ? error : true);
          throw error;
        });
      }) as typeof client.query;
      return client;
    });
  }) as typeof pool.connect;
}

/** The `application_name` of every instance's listening connection: one per running instance. */
const LISTENER_APPLICATION_NAME = 'foodtruckfund-listener';

interface Subscriber {
  onPayload(payload: string): void;
  onConnection?: ((connected: boolean) => void) | undefined;
}

/**
 * One connection LISTENs on every channel this instance subscribes to (the public read cache, live
 * progress and chat each subscribe to some). PostgreSQL wakes a backend, and this process reads a
 * message, per listening connection for every notification, and each order that counts toward a goal
 * notifies twice: a connection per subscriber multiplied that work (decision 095). If the connection
 * drops (a server restart, a network blip), it is opened again and every channel listened to again;
 * subscribers hear when it is lost and when it is back (notifications may be missed in between).
 */
class SharedListener {
  private readonly channels = new Map<string, Set<Subscriber>>();
  /** The connection in use, up or being opened. */
  private current: pg.Client | undefined;
  /** Resolves once `current` is up and listening on every channel. */
  private ready: Promise<pg.Client> | undefined;
  /** The connection was lost and subscribers were told so: they hear when it is back. */
  private down = false;
  private closed = false;
  /** The `select 1` under way for `sync`, and the one its latecomers wait for. */
  private roundTrip: Promise<void> | undefined;
  private nextRoundTrip: Promise<void> | undefined;

  constructor(private readonly url: string) {}

  async subscribe(channel: string, subscriber: Subscriber): Promise<() => Promise<void>> {
    let subscribers = this.channels.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(subscriber);
    try {
      const client = await (this.ready ??= this.open(0));
      // LISTEN is idempotent: harmless when the connection listened to this channel as it opened.
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      this.drop(channel, subscriber);
      throw error;
    }
    return async () => {
      if (!this.drop(channel, subscriber)) return;
      const client = this.current;
      if (this.channels.size === 0) {
        this.current = undefined;
        this.ready = undefined;
        await client?.end().catch(() => {});
      } else {
        await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  /**
   * Resolves once the notifications of these channels committed before the call have been heard:
   * PostgreSQL delivers a session's notifications ahead of the answer to its next query, so a
   * `select 1` sent after the call began is enough. Callers share round trips: while one is under way
   * (it may have left before a caller's write committed), those who arrive wait for the next one.
   */
  async sync(channels: string[]): Promise<void> {
    const client = this.current;
    if (!client || this.down || !channels.some((c) => this.channels.has(c))) return;
    const heard = this.roundTrip
      ? (this.nextRoundTrip ??= this.roundTrip.then(() => {
          this.nextRoundTrip = undefined;
          return this.startRoundTrip(client);
        }))
      : this.startRoundTrip(client);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)));
    await Promise.race([heard, timeout]);
    clearTimeout(timer);
  }

  private startRoundTrip(client: pg.Client): Promise<void> {
    const trip: Promise<void> = client.query('select 1').then(
      () => {},
      () => {},
    );
    this.roundTrip = trip;
    void trip.then(() => {
      if (this.roundTrip === trip) this.roundTrip = undefined;
    });
    return trip;
  }

  /** No subscriber yet, or the connection is up and listening. */
  isUp(): boolean {
    return this.channels.size === 0 || (!this.down && this.current !== undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.current;
    this.current = undefined;
    this.ready = undefined;
    await client?.end().catch(() => {});
  }

  /** Removes a subscriber; answers whether its channel has no subscriber left. */
  private drop(channel: string, subscriber: Subscriber): boolean {
    const subscribers = this.channels.get(channel);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  private async open(attempt: number): Promise<pg.Client> {
    // Named, so that an instance can count the instances listening (countListeners).
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME });
    this.current = client;
    // Failed opens in a row: the wait before the next grows with them, and starts over once one is up
    // (a server restarted many times in a day must not leave this instance 30 s deaf each time).
    let failures = attempt;
    const lost = () => this.lost(client, failures);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      for (const subscriber of this.channels.get(message.channel) ?? []) {
        subscriber.onPayload(message.payload ?? '');
      }
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      if (attempt === 0 && !this.down) {
        this.current = undefined;
        this.ready = undefined;
        client.end().catch(() => {});
      } else {
        lost();
      }
      throw error;
    }
    failures = 0;
    if (this.down && this.current === client) {
      this.down = false;
      this.tell(true);
    }
    return client;
  }

  private lost(client: pg.Client, attempt: number): void {
    if (this.current !== client || this.closed) return;
    this.current = undefined;
    this.ready = undefined;
    client.end().catch(() => {});
    if (!this.down) {
      this.down = true;
      this.tell(false);
    }
    if (this.channels.size === 0) return;
    setTimeout(
      () => {
        if (this.closed || this.ready || this.channels.size === 0) return;
        this.ready = this.open(attempt + 1);
        this.ready.catch(() => {});
      },
      Math.min(30_000, 250 * 2 ** attempt),
    ).unref();
  }

  private tell(connected: boolean): void {
    for (const subscribers of this.channels.values()) {
      for (const subscriber of subscribers) subscriber.onConnection?.(connected);
    }
  }
}
