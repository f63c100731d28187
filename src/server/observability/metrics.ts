import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import { CHARGE_NOW_EVENT_STATUSES } from '../../core/event-status';
import { ORDER_STATUSES } from '../../core/order-status';
import type { PaymentGateway } from '../adapters/payments/payment-gateway';
import type { Database } from '../db/client';
import type { ReconcilerObserver } from '../jobs/reconciler';
import { RouteHistogram } from './route-histogram';

/** The payment provider's calls that move money or ask about it, counted by name and outcome. */
const PROVIDER_OPERATIONS = [
  'createPaymentIntent',
  'createSetupIntent',
  'retrievePaymentIntent',
  'retrieveSetupIntent',
  'capturePaymentIntent',
  'cancelPaymentIntent',
  'refundPaymentIntent',
] as const;

/**
 * Latency buckets in seconds: most answers take a few milliseconds, a checkout calls the provider
 * (hundreds of ms), a p99 past 2.5 s is an incident.
 */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One Prometheus registry per app (tests run two apps in one process; prom-client's global registry
 * would mix them). Counters are bumped where things happen: the HTTP hook, the reconciler's loop, the
 * payment gateway's calls. Gauges that describe the database (orders by state, the capture backlog,
 * the outbox) are read when Prometheus scrapes, in one statement, so nothing is counted twice and
 * several instances report the same figures (docs/decisions/138-metrics-and-readiness.md).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: RouteHistogram;
  private readonly providerCalls: Counter<'operation' | 'outcome'>;
  private readonly taskRuns: Counter<'task' | 'outcome'>;
  private readonly taskDuration: Histogram<'task'>;
  /** Reads of this instance's open connections, set by the features that hold them. */
  private readonly openConnections = new Map<string, () => number>();

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'foodtruck_' });
    this.httpDuration = new RouteHistogram(
      'foodtruck_http_request_duration_seconds',
      'HTTP answers by route (the route pattern, not the URL) and status, with their latency',
      HTTP_BUCKETS,
      this.registry,
    );
    this.providerCalls = new Counter({
      name: 'foodtruck_payment_provider_calls_total',
      help: 'Calls to the payment provider (captures, refunds, intents) by outcome: ok, declined or failed',
      labelNames: ['operation', 'outcome'],
      registers,
    });
    this.taskRuns = new Counter({
      name: 'foodtruck_reconciler_task_runs_total',
      help: "Runs of this instance's reconciler tasks by outcome: ok or failed",
      labelNames: ['task', 'outcome'],
      registers,
    });
    this.taskDuration = new Histogram({
      name: 'foodtruck_reconciler_task_duration_seconds',
      help: 'How long each run of a reconciler task took on this instance',
      labelNames: ['task'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    });
    const connections: Gauge<'kind'> = new Gauge({
      name: 'foodtruck_open_connections',
      help: 'Live-progress streams (sse) and chat sockets (websocket) open on this instance',
      labelNames: ['kind'],
      registers,
      collect: () => {
        for (const [kind, read] of this.openConnections) connections.set({ kind }, read());
      },
    });
    const pool: Gauge<'state'> = new Gauge({
      name: 'foodtruck_db_pool_connections',
      help: "This instance's database connections: total, idle, and callers waiting for one (PostgreSQL only)",
      labelNames: ['state'],
      registers,
      collect: () => {
        const stats = this.database.poolStats?.();
        if (!stats) return;
        pool.set({ state: 'total' }, stats.total);
        pool.set({ state: 'idle' }, stats.idle);
        pool.set({ state: 'waiting' }, stats.waiting);
      },
    });
    this.registerDatabaseGauges(registers);
  }

  /** A feature holding open connections says how to count them (`sse`, `websocket`). */
  countConnections(kind: string, read: () => number): void {
    this.openConnections.set(kind, read);
  }

  /** Every answer, by the route that answered it (404s have no route: `unmatched`). */
  instrumentHttp(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.httpDuration.observe(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  readonly reconcilerObserver: ReconcilerObserver = {
    taskFinished: (task, seconds, failed) => {
      this.taskRuns.inc({ task, outcome: failed ? 'failed' : 'ok' });
      this.taskDuration.observe({ task }, seconds);
    },
  };

  /** The same gateway, its money calls counted; nothing else about it changes. */
  instrumentGateway<G extends PaymentGateway>(gateway: G): G {
    const counter = this.providerCalls;
    for (const operation of PROVIDER_OPERATIONS) {
      const call = gateway[operation].bind(gateway) as (...args: unknown[]) => Promise<unknown>;
      (gateway as unknown as Record<string, unknown>)[operation] = async (...args: unknown[]) => {
        try {
          const result = await call(...args);
          counter.inc({ operation, outcome: 'ok' });
          return result;
        } catch (error) {
          const declined = (error as Error)?.name === 'CardDeclinedError';
          counter.inc({ operation, outcome: declined ? 'declined' : 'failed' });
          throw error;
        }
      };
    }
    return gateway;
  }

  /** Prometheus's text format. */
  async render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Read at each scrape, from the database every instance shares: orders by state, held orders of
   * funded events still waiting for their capture (and for how long since the goal was reached: the
   * capture lag), refunds owed and not yet sent, and mail waiting in the outbox (and its oldest age).
   */
  private registerDatabaseGauges(registers: Registry[]): void {
    // One scrape, one read: the gauges below share it.
    let reading: Promise<DatabaseFigures> | undefined;
    const read = () =>
      (reading ??= readDatabaseFigures(this.database, this.now()).finally(() => {
        reading = undefined;
      }));
    /** A gauge whose one value is a figure of the reading. */
    const figureGauge = (name: string, help: string, figure: (figures: DatabaseFigures) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect: async () => gauge.set(figure(await read())),
      });
    };
    /** A gauge with a value per status, from the reading's count of each. */
    const statusGauge = (
      name: string,
      help: string,
      counts: (figures: DatabaseFigures) => [status: string, count: number][],
    ) => {
      const gauge: Gauge<'status'> = new Gauge({
        name,
        help,
        labelNames: ['status'],
        registers,
        collect: async () => {
          for (const [status, count] of counts(await read())) gauge.set({ status }, count);
        },
      });
    };
    statusGauge(
      'foodtruck_orders',
      'Pre-orders by state (every instance reports the same database)',
      (figures) => ORDER_STATUSES.map((status) => [status, figures.orders[status] ?? 0]),
    );
    figureGauge(
      'foodtruck_capture_backlog',
      'Held orders of events whose goal is reached, not yet charged',
      (figures) => figures.captureBacklog,
    );
    figureGauge(
      'foodtruck_capture_lag_seconds',
      'Since the goal was reached, for the oldest held order still not charged (0: none waiting)',
      (figures) => figures.captureLagSeconds,
    );
    figureGauge(
      'foodtruck_refunds_due',
      'Charges owed back to diners and not yet refunded',
      (figures) => figures.refundsDue,
    );
    statusGauge(
      'foodtruck_outbox_mails',
      'Mails in the outbox not sent: pending (to be sent or retried) and dead (given up after every retry)',
      (figures) => [
        ['pending', figures.outboxPending],
        ['dead', figures.outboxDead],
      ],
    );
    figureGauge(
      'foodtruck_outbox_oldest_seconds',
      'Age of the oldest mail still waiting to be sent (0: none)',
      (figures) => figures.outboxOldestSeconds,
    );
  }
}

interface DatabaseFigures {
  orders: Record<string, number>;
  captureBacklog: number;
  captureLagSeconds: number;
  refundsDue: number;
  outboxPending: number;
  outboxDead: number;
  outboxOldestSeconds: number;
}

const CHARGE_NOW = sql.join(
  CHARGE_NOW_EVENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

async function readDatabaseFigures(database: Database, now: Date): Promise<DatabaseFigures> {
  const at = now.toISOString();
  const result = await database.db.execute(sql`
    select
      (select coalesce(json_object_agg(status, n), '{}') from
         (select status, count(*)::int as n from pending_orders group by status) s) as orders,
      (select count(*)::int from pending_orders o join events e on e.id = o.event_id
        where e.status in (${CHARGE_NOW}) and o.status = 'confirmed' and o.refund_due_at is null) as backlog,
      (select coalesce(extract(epoch from ${at}::timestamptz - min(t.at)), 0)::float8
         from pending_orders o join events e on e.id = o.event_id
         join lateral (select max(at) as at from status_transitions
                        where entity = 'event' and entity_id = e.id and to_status = 'processing') t on true
        where e.status in (${CHARGE_NOW}) and o.status = 'confirmed' and o.refund_due_at is null) as lag,
      (select count(*)::int from pending_orders where refund_due_at is not null and refunded_at is null) as refunds,
      (select count(*)::int from outbox where status = 'pending') as outbox_pending,
      (select count(*)::int from outbox where status = 'dead') as outbox_dead,
      (select coalesce(extract(epoch from ${at}::timestamptz - min(created_at)), 0)::float8
         from outbox where status = 'pending') as outbox_oldest
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    orders: (typeof row.orders === 'string' ? JSON.parse(row.orders) : row.orders) as Record<string, number>,
    captureBacklog: Number(row.backlog),
    captureLagSeconds: Math.max(0, Number(row.lag)),
    refundsDue: Number(row.refunds),
    outboxPending: Number(row.outbox_pending),
    outboxDead: Number(row.outbox_dead),
    outboxOldestSeconds: Math.max(0, Number(row.outbox_oldest)),
  };
}
