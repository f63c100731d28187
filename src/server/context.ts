import type { FastifyBaseLogger } from 'fastify';
import type { Geocoder } from './adapters/geocoder/geocoder';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentEvents } from './adapters/payments/payment-events';
import type { PaymentGateway } from './adapters/payments/payment-gateway';
import type { PayoutGateway } from './adapters/payments/payout-gateway';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Reconciler } from './jobs/reconciler';
import type { AppMetrics } from './observability/metrics';
import type { ProgressHub } from './progress/progress-hub';
import type { TakedownSync } from './public-reads/takedown-sync';
import type { PublicReadCache } from './public-reads/public-read-cache';

/** What every route and use case may reach: built once per app in app.ts. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
  reconciler: Reconciler;
  /** Stripe or the simulator. */
  payments: PaymentGateway;
  /** Subscribe here to payment events (webhook or simulator); handlers must be idempotent. */
  paymentEvents: PaymentEvents;
  /** Stripe Connect or the simulator: payout accounts and transfers. */
  payouts: PayoutGateway;
  /** Sends at once; use cases write mail with `enqueueMail` in their transaction instead. */
  mailer: Mailer;
  geocoder: Geocoder;
  log: FastifyBaseLogger;
  /** Live progress streams of this instance (one LISTEN, one read per change per event). */
  progress: ProgressHub;
  /** Anyone's answers to the hot public reads, kept as bytes until a change to them commits. */
  publicReads: PublicReadCache;
  /** Prometheus figures of this instance (decision 138). */
  metrics: AppMetrics;
  /** Hides an event on every instance before the admin's answer (public reads and live streams). */
  takedowns: TakedownSync;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
