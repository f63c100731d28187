import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import '../core/schemas/zod-messages';
import { geocoderUserAgent, NominatimGeocoder } from './adapters/geocoder/geocoder';
import { geocodeTruckAreas } from './geo/geocode-truck-areas';
import { createMailer } from './adapters/mail/mailer';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway';
import { createPayoutGateway } from './adapters/payments/create-payout-gateway';
import { PaymentEvents } from './adapters/payments/payment-events';
import { adminEventRoutes } from './admin/admin-events.routes';
import { refundFailureRoutes } from './admin/refund-failures.routes';
import { authRoutes } from './auth/auth.routes';
import { bookingRoutes } from './bookings/bookings.routes';
import { sweepAccountTokens } from './auth/account-tokens';
import { sweepExpiredSessions } from './auth/sessions';
import { CHAT_MAX_PAYLOAD_BYTES } from './chat/chat-limits';
import { chatRoutes } from './chat/chat.routes';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { registerErrorHandler } from './http/error-handler';
import { safeLoggerOptions } from './http/log-options';
import { databaseRateLimitStore, sweepRateLimits } from './http/rate-limit';
import { registerOpenApi } from './http/openapi';
import { registerClient } from './http/serve-client';
import { registerSecurity } from './http/security';
import { routeSchemasTagged } from './http/route-schema';
import { geoRoutes } from './geo/geo.routes';
import { imageRoutes } from './images/images.routes';
import { Reconciler } from './jobs/reconciler';
import { eventOrderRoutes } from './event-orders/event-orders.routes';
import { deskRoutes } from './desk/desk.routes';
import { eventChangeRoutes } from './events/event-changes.routes';
import { eventRoutes } from './events/events.routes';
import { lapseEventChanges } from './events/lapse-event-changes';
import { expireEventRequests } from './events/expire-event-requests';
import { publicBaseUrl, registerPublicUrl } from './http/public-url';
import { proxyTrust } from './http/trust-proxy';
import { menuRoutes } from './menu/menu.routes';
import { truckRoutes } from './trucks/trucks.routes';
import { directoryRoutes } from './trucks/directory.routes';
import { reviewRoutes } from './reviews/reviews.routes';
import { registerOrderEngine } from './orders/register-order-engine';
import { guaranteeRoutes } from './guarantees/guarantees.routes';
import { registerGuarantees } from './guarantees/register-guarantees';
import { orderRoutes } from './orders/orders.routes';
import { fundingRoutes } from './funding/funding.routes';
import { sendOutbox } from './outbox/send-outbox';
import { paymentsRoutes } from './payments/payments.routes';
import { payoutsRoutes } from './payouts/payouts.routes';
import { payoutsWebhookRoutes } from './payouts/payouts-webhook.routes';
import { receiveConnectEvent } from './payouts/receive-connect-event';
import { settleEventPayouts } from './payouts/settle-event-payouts';
import { webhookRoutes } from './payments/webhook.routes';
import { tourRoutes } from './tour/tour.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { ProgressHub } from './progress/progress-hub';
import { progressRoutes } from './progress/progress.routes';
import { pickupRoutes } from './pickup/pickup.routes';
import { PublicReadCache } from './public-reads/public-read-cache';
import { TakedownSync } from './public-reads/takedown-sync';
import { reminderRoutes } from './reminders/reminders.routes';
import { sendDueReminders } from './reminders/send-due-reminders';
import { shareRoutes } from './share/share.routes';
import { PageRenderer } from './http/server-render';
import { fromRoot } from './project-root';
import { updatesRoutes } from './updates/updates.routes';
import { upgradeOldRows } from './upgrade-old-rows';
import { AppMetrics } from './observability/metrics';
import { observabilityRoutes } from './observability/observability.routes';
import { requestIdOptions } from './observability/request-id';
import { lazyChildLogger } from './observability/request-logger';

export const WEB_DIST = fromRoot('dist/web');

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Every route validates and serializes through its Zod schemas. Named when the app is created rather
 * than set after it, Fastify never loads and builds its default Ajv and fast-json-stringify compilers,
 * a tenth of the start-up (decision 107). Fastify's types expect Ajv's signatures; Zod's compilers are
 * the ones `setValidatorCompiler`/`setSerializerCompiler` accept, which is what these factories return.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export interface BuildAppOptions {
  /** A database the caller opened (tests share one per file); otherwise the app opens its own. */
  database?: Database;
  /** Serve the built client from dist/web (default: when it exists). */
  serveClient?: boolean;
  /** Where the built client is (default dist/web). */
  clientDir?: string;
  /** Where JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // Our own proxies, which the caller's address is read behind (decision 212).
    trustProxy:
      config.trustProxy === false || config.trustProxy === 0 ? false : proxyTrust(config.trustProxy),
    ...requestIdOptions(proxyTrust(config.trustProxy)),
    bodyLimit: 256 * 1024,
    logger: {
      level: config.logLevel,
      ...safeLoggerOptions(),
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(config.logFormat === 'pretty' && !options.logStream
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    // Per-request lines only when debugging: at info the log carries what matters, not every GET.
    // Made when a request first logs: most never do (request-logger.ts).
    childLoggerFactory: lazyChildLogger,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  // Every route as Fastify registered it, so tests can walk all of them (the fuzz test, the access matrix).
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url });
    }
  });

  const database = options.database ?? (await openDatabase(config.database));
  await upgradeOldRows(database.db, app.log);
  const metrics = new AppMetrics(database, config.now);
  metrics.instrumentHttp(app);
  // Once the instance is stopping, an answer to a request still in flight closes its connection: a
  // kept-alive socket that went idle after the close began would hold the close for the keep-alive
  // timeout (72 s) instead of letting the client reconnect to another instance at once.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  const reconciler = new Reconciler(app.log, config.reconcilerIntervalMs);
  reconciler.observe(metrics.reconcilerObserver);
  const paymentEvents = new PaymentEvents();
  const payments = metrics.instrumentGateway(
    await createPaymentGateway(config, {
      db: database.db,
      events: paymentEvents,
      now: config.now,
      log: app.log,
    }),
  );
  const payouts = await createPayoutGateway(config, {
    db: database.db,
    now: config.now,
    baseUrl: () => publicBaseUrl(config),
    log: app.log,
    onConnectEvent: (event) => receiveConnectEvent(ctx, event),
  });
  const mailer = createMailer({ ...config.mail, now: config.now });
  const geocoder = new NominatimGeocoder({
    baseUrl: config.geocoderUrl,
    minIntervalMs: config.geocoderMinIntervalMs,
    userAgent: geocoderUserAgent(config.publicUrl, config.mail.from),
    referer: config.publicUrl,
  });
  const progress = new ProgressHub(database, app.log, { caps: config.liveStreams });
  const publicReads = new PublicReadCache(database, config.now, app.log);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    now: config.now,
    reconciler,
    payments,
    paymentEvents,
    payouts,
    mailer,
    geocoder,
    log: app.log,
    progress,
    publicReads,
    metrics,
    takedowns: new TakedownSync(database, publicReads, progress, app.log),
  };
  app.decorate('ctx', ctx);

  reconciler.addTask({ name: 'sweep-sessions', run: () => sweepExpiredSessions(ctx.db, ctx.now()) });
  reconciler.addTask({ name: 'sweep-account-tokens', run: () => sweepAccountTokens(ctx.db, ctx.now()) });
  reconciler.addTask({
    name: 'sweep-rate-limits',
    run: () => sweepRateLimits(ctx.db, new Date(ctx.now().getTime() - 24 * 60 * 60 * 1000)),
  });
  reconciler.addTask({
    name: 'expire-event-requests',
    run: () => expireEventRequests(ctx.db, ctx.now(), publicBaseUrl(config)),
  });
  reconciler.addTask({
    name: 'lapse-event-changes',
    run: () => lapseEventChanges(ctx.db, ctx.now(), publicBaseUrl(config)),
  });
  registerOrderEngine(ctx);
  registerGuarantees(ctx);
  reconciler.addTask({
    name: 'settle-event-payouts',
    run: () => settleEventPayouts({ ...ctx, log: app.log }),
  });
  reconciler.addTask({
    name: 'geocode-truck-areas',
    lane: 'sweep',
    run: () => geocodeTruckAreas({ ...ctx, log: app.log }),
  });
  reconciler.addTask({ name: 'send-due-reminders', run: () => sendDueReminders(ctx) });
  reconciler.addTask({ name: 'send-outbox', run: () => sendOutbox({ ...ctx, log: app.log }) });
  // Whatever the gateways need repeated (the simulator lets holds lapse as Stripe does).
  for (const task of [...(payments.reconcilerTasks?.() ?? []), ...(payouts.reconcilerTasks?.() ?? [])]) {
    reconciler.addTask(task);
  }

  app.addHook('onReady', () => ctx.publicReads.start());
  app.addHook('preClose', () => ctx.publicReads.stop());
  app.addHook('onReady', () => ctx.takedowns.start());
  app.addHook('preClose', () => ctx.takedowns.stop());
  app.addHook('onSend', (request, reply, payload, done) => {
    if (stopping) reply.header('Connection', 'close');
    // A write is answered once this instance's cache has heard of it: the writer's next read sees it.
    // A callback, not an async hook: every read would pay a promise and a microtask for nothing.
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    ctx.publicReads.catchUp().then(() => done(null, payload), done);
  });

  registerErrorHandler(app);
  registerPublicUrl(app, config);
  await registerSecurity(app, config.publicUrl);
  await app.register(cookie, { secret: config.sessionSecret });
  // Routes opt in with `config.rateLimit` (routeRateLimit); counters live in the database.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db, config.now),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });

  // One WebSocket server for the app; it caps every incoming frame.
  await app.register(websocket, { options: { maxPayload: CHAT_MAX_PAYLOAD_BYTES } });

  await registerOpenApi(app);
  await app.register(authRoutes);
  await app.register(truckRoutes);
  await app.register(directoryRoutes);
  await app.register(reviewRoutes);
  await app.register(menuRoutes);
  await app.register(imageRoutes);
  await app.register(eventRoutes);
  await app.register(eventChangeRoutes);
  await app.register(guaranteeRoutes);
  await app.register(orderRoutes);
  await app.register(fundingRoutes);
  await app.register(eventOrderRoutes);
  await app.register(deskRoutes);
  await app.register(bookingRoutes);
  await app.register(adminEventRoutes);
  await app.register(refundFailureRoutes);
  await app.register(chatRoutes);
  await app.register(tourRoutes);
  await app.register(paymentsRoutes);
  await app.register(webhookRoutes);
  await app.register(payoutsRoutes);
  await app.register(payoutsWebhookRoutes);
  // A gateway's own routes (the simulator's card form and onboarding page; Stripe has none).
  await payments.registerRoutes?.(app);
  await payouts.registerRoutes?.(app);
  await app.register(geoRoutes);
  await app.register(progressRoutes);
  await app.register(pickupRoutes);
  await app.register(calendarRoutes);
  await app.register(updatesRoutes);
  await app.register(reminderRoutes);
  await app.register(observabilityRoutes);
  metrics.countConnections('sse', () => progress.streamCount);
  // Whether the app is up, nothing more: no driver, version or counts for a stranger to read.
  app.get(
    '/api/health',
    {
      schema: routeSchemasTagged(['health'])({
        operationId: 'getHealth',
        summary: 'Whether this instance is up',
        response: { 200: z.object({ ok: z.literal(true) }) },
      }),
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true };
    },
  );

  const clientDir = options.clientDir ?? WEB_DIST;
  const serveClient = options.serveClient ?? existsSync(path.join(clientDir, 'index.html'));
  const pages = new PageRenderer(app, clientDir, config.publicUrl);
  if (serveClient) await app.register(shareRoutes, { clientDir, pages });
  await registerClient(app, serveClient, clientDir, pages);

  app.addHook('onReady', async () => reconciler.start());
  app.addHook('onClose', async () => {
    await reconciler.stop();
    await payments.close?.();
    await payouts.close?.();
    mailer.close();
    if (!options.database) await database.close();
  });
  return app;
}
