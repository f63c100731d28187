import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { newPasswordSchema } from '../core/schemas/auth';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** The limits every instance shares (docs/decisions/020-rate-limits.md), per caller and window. */
export const RATE_LIMIT_NAMES = [
  'registration',
  'orders',
  'invitations',
  'geocoding',
  'chat',
  'sessions',
  'uploads',
  'uploadsPerAddress',
  'refunds',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];
/** null: that limit is off. */
export type RateLimits = Record<RateLimitName, { max: number; windowMs: number } | null>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  /** Accounts created per IP address and hour. */
  registration: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Checkouts (create-payment-intent) per IP address in 10 minutes: a group ordering on one Wi-Fi fits. */
  orders: { max: 30, windowMs: 10 * 60 * 1000 },
  /** Invitation requests per signed-in sender (or IP address) and hour. */
  invitations: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Geocoding lookups per IP address and minute: the upstream geocoder allows one a second in all. */
  geocoding: { max: 20, windowMs: 60 * 1000 },
  /** Chat history loads and socket openings per IP address and minute. */
  chat: { max: 30, windowMs: 60 * 1000 },
  /**
   * Guest sessions started (POST /api/session) per IP address in 10 minutes: each browser starts one
   * before its first checkout, so a crowd on one Wi-Fi fits; a script minting session rows does not.
   */
  sessions: { max: 120, windowMs: 10 * 60 * 1000 },
  /**
   * Pictures uploaded (a data URL in a profile, menu item or event form) per signed-in account and
   * hour: a truck putting its whole menu online fits; a script re-encoding pictures for free does not.
   */
  uploads: { max: 60, windowMs: 60 * 60 * 1000 },
  /** The same per IP address and hour, whoever is signed in (several accounts from one machine). */
  uploadsPerAddress: { max: 120, windowMs: 60 * 60 * 1000 },
  /**
   * Refunds (corrections) a truck asks for per account in 10 minutes: an event day's worth of missing
   * items fits; a thousand one-cent refunds a minute, which slowed other events' captures, do not.
   */
  refunds: { max: 60, windowMs: 10 * 60 * 1000 },
};

const UNIT_MS = { s: 1000, m: 60 * 1000, h: 60 * 60 * 1000 } as const;

/** `30/10m` → 30 per 10 minutes; `off` → no limit. */
export const rateLimitSchema = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^(off|[1-9][0-9]{0,6}\/[1-9][0-9]{0,4}[smh])$/, 'use <max>/<window>, e.g. 30/10m or 5/1h, or off')
    .transform((v) => {
      if (v === 'off') return null;
      const [max, window] = v.split('/') as [string, string];
      const unit = window.slice(-1) as keyof typeof UNIT_MS;
      return { max: Number(max), windowMs: Number(window.slice(0, -1)) * UNIT_MS[unit] };
    })
    .optional(),
);

/**
 * PGlite runs with fsync off and its Node file system never syncs: a power cut can lose committed
 * orders (docs/decisions/141-embedded-database-durability.md).
 */
export const EMBEDDED_DATABASE_REFUSED =
  'NODE_ENV=production needs DATABASE_URL (PostgreSQL): the embedded database does not sync its files to disk, ' +
  'so a power cut can lose committed orders and payments. Set ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION=true to run on it anyway.';

/** Links in mail must not follow whatever Host a request named (docs/decisions/212-the-caller-behind-our-proxies.md). */
export const PUBLIC_URL_REQUIRED =
  'NODE_ENV=production needs PUBLIC_URL, the address people reach the site at (https://foodtrucks.example.org): ' +
  'every link the app mails (password resets, receipts) is built from it, never from what a request says its host is.';

/** Without a Stripe key the simulator takes the orders: no card is charged, nobody is paid. */
export const PAYMENT_SIMULATOR_REFUSED =
  'NODE_ENV=production needs STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY): without them the payment simulator ' +
  'takes the orders, and no card is charged. Set ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION=true to run on it anyway (a demonstration).';

/** Said at start when production runs on the simulator because it was told to. */
export const PAYMENT_SIMULATOR_WARNING =
  'Payments: the simulator (ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION), not Stripe: no card is charged and nobody is paid.';

/** `TRUST_PROXY`: false, true (one proxy), a count of proxies, or their addresses and ranges. */
const trustProxySchema = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed as TrustProxy;
    })
    .optional(),
);

/** Demo accounts all have one published password: production never makes them (decision 211). */
export const DEMO_DATA_REFUSED =
  'SEED_DEMO=true is refused with NODE_ENV=production: the demo accounts have a known password. ' +
  'Make the first admin with ADMIN_USERNAME and ADMIN_PASSWORD, or npm run create-admin.';

/** The environment, parsed once at start. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  TRUST_PROXY: trustProxySchema,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Signing secret of the Connect webhook endpoint (`account.updated` of connected accounts). */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  /** Only for tests and local fakes: where the Stripe SDK sends its requests. */
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** The old name of PAYMENT_REQUESTS_PER_SECOND, still read. */
  STRIPE_REQUESTS_PER_SECOND: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().positive().max(100).optional(),
  ),
  /**
   * Calls per second to the payment provider, shared by every instance (default: 20 with a Stripe test
   * key, 80 live; Stripe allows 25 and 100). Unset with the simulator: unlimited.
   */
  PAYMENT_REQUESTS_PER_SECOND: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().positive().max(1000).optional(),
  ),
  /** How many captures or refunds one instance sends at once. */
  CAPTURE_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
  /** The simulator's pretend network latency per call, in ms (benchmarks). */
  SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Food Truck Fund <no-reply@foodtruckfund.local>'),
  /** Twilio, for the "order ready" texts (decision 227); unset: texts are files under DATA_DIR/sms. */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** The number (E.164) or Messaging Service texts come from. */
  TWILIO_FROM: optionalString,
  /** Twilio's API address; a local fake in tests. */
  TWILIO_API_URL: z.string().default('https://api.twilio.com'),
  GEOCODER_URL: z.string().default('https://nominatim.openstreetmap.org'),
  /**
   * The least time between two requests to the geocoder, per instance: OpenStreetMap's Nominatim allows
   * one a second; a geocoder of one's own may allow more.
   */
  GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1100),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  /** Demo accounts (with a known password) in a new embedded database; never in production (decision 211). */
  SEED_DEMO: booleanFlag,
  /** A signed-in session ends this many days after sign-in however active it is (decision 211). */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RECONCILER_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /** Hours after an event's end before its payouts are sent. */
  PAYOUT_DELAY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(72),
  /** Live-progress streams open at once from one IP address, on each instance. */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Live-progress streams open at once on each instance (about 14 KB of memory each). */
  LIVE_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** `/metrics` for anyone presenting it as a bearer token; unset: only callers on this machine. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  NODE_ENV: optionalString,
  /** With NODE_ENV=production and no DATABASE_URL: run on the embedded database anyway (decision 141). */
  ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: booleanFlag,
  /** With NODE_ENV=production and no STRIPE_SECRET_KEY: take orders on the payment simulator anyway (decision 212). */
  ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION: booleanFlag,
  RATE_LIMIT_REGISTRATION: rateLimitSchema,
  RATE_LIMIT_ORDERS: rateLimitSchema,
  RATE_LIMIT_INVITATIONS: rateLimitSchema,
  RATE_LIMIT_GEOCODING: rateLimitSchema,
  RATE_LIMIT_CHAT: rateLimitSchema,
  RATE_LIMIT_SESSIONS: rateLimitSchema,
  RATE_LIMIT_UPLOADS: rateLimitSchema,
  RATE_LIMIT_UPLOADS_PER_ADDRESS: rateLimitSchema,
  RATE_LIMIT_REFUNDS: rateLimitSchema,
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** null: PGlite in dataDir; a URL: PostgreSQL. `memory`: PGlite in memory (tests). */
  database: { url: string } | { dataDir: string | null };
  sessionSecret: string;
  publicUrl: string | undefined;
  /** Our proxies in front (decision 212): none, how many, or their addresses; `true` is one. */
  trustProxy: TrustProxy;
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | undefined;
    connectWebhookSecret?: string | undefined;
    apiUrl: string | undefined;
  } | null;
  /** Production on the payment simulator, allowed by ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION: said at start. */
  paymentSimulatorInProduction: boolean;
  payments: {
    /** Shared by every instance; undefined: no pacing (the simulator by default). */
    requestsPerSecond: number | undefined;
    captureConcurrency: number;
    simulatorLatencyMs: number;
  };
  mail: { smtpUrl: string | undefined; from: string; dir: string };
  /** Where "order ready" texts go: Twilio when all three are set, else files in `dir` (decision 227). */
  texts: {
    twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
    dir: string;
  };
  geocoderUrl: string;
  geocoderMinIntervalMs: number;
  admin: { username: string; password: string } | null;
  seedDemo: boolean;
  /** The absolute lifetime of a signed-in session, beside its 14 idle days (decision 211). */
  sessionMaxAgeDays: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Human-readable logs on a terminal, JSON lines otherwise (for log collectors). */
  logFormat: 'pretty' | 'json';
  /** 0 turns the background loop off (tests drive the reconciler by hand). */
  reconcilerIntervalMs: number;
  /** Hours after an event's end before its payouts go out (funds settled, disputes surfaced). */
  payoutDelayHours: number;
  rateLimits: RateLimits;
  /** Caps on open live-progress streams (docs/decisions/116-live-stream-caps.md). */
  liveStreams: { perAddress: number; perInstance: number };
  metrics: { token: string | undefined };
  /** A clock the tests can move. */
  now: () => Date;
}

/** Keeps a generated session secret in DATA_DIR so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY');
  }
  if (e.NODE_ENV === 'production' && e.SEED_DEMO) {
    throw new Error(`Invalid configuration:\n  ${DEMO_DATA_REFUSED}`);
  }
  if ((e.ADMIN_USERNAME && !e.ADMIN_PASSWORD) || (!e.ADMIN_USERNAME && e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD go together');
  }
  // The rules every password follows; the list of common ones is checked when the admin is made.
  const adminPassword = e.ADMIN_PASSWORD === undefined ? null : newPasswordSchema.safeParse(e.ADMIN_PASSWORD);
  if (adminPassword && !adminPassword.success) {
    throw new Error(`Invalid configuration:\n  ADMIN_PASSWORD: ${adminPassword.error.issues[0]!.message}`);
  }
  const production = e.NODE_ENV === 'production';
  // Every refusal of production at once, so an operator fixes them in one go.
  const refusals = production
    ? [
        !e.DATABASE_URL && !e.ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION ? EMBEDDED_DATABASE_REFUSED : null,
        !e.PUBLIC_URL ? PUBLIC_URL_REQUIRED : null,
        !e.STRIPE_SECRET_KEY && !e.ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION ? PAYMENT_SIMULATOR_REFUSED : null,
      ].filter((line): line is string => line !== null)
    : [];
  if (refusals.length > 0) throw new Error(`Invalid configuration:\n  ${refusals.join('\n  ')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') },
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY ?? false,
    paymentSimulatorInProduction: production && !e.STRIPE_SECRET_KEY,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : null,
    payments: {
      requestsPerSecond:
        e.PAYMENT_REQUESTS_PER_SECOND ??
        e.STRIPE_REQUESTS_PER_SECOND ??
        (e.STRIPE_SECRET_KEY ? (/^(sk|rk)_test_/.test(e.STRIPE_SECRET_KEY) ? 20 : 80) : undefined),
      captureConcurrency: e.CAPTURE_CONCURRENCY,
      simulatorLatencyMs: e.SIMULATOR_LATENCY_MS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    texts: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM,
              apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
            }
          : null,
      dir: path.join(dataDir, 'sms'),
    },
    geocoderUrl: e.GEOCODER_URL.replace(/\/$/, ''),
    geocoderMinIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : null,
    // Demo data only ever goes into the embedded database, never into a real PostgreSQL, and never
    // in production: its accounts have a known password (decision 211).
    seedDemo: !e.DATABASE_URL && e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? true),
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    reconcilerIntervalMs: e.RECONCILER_INTERVAL_MS,
    payoutDelayHours: e.PAYOUT_DELAY_HOURS,
    metrics: { token: e.METRICS_TOKEN },
    liveStreams: { perAddress: e.LIVE_STREAMS_PER_ADDRESS, perInstance: e.LIVE_STREAMS_PER_INSTANCE },
    rateLimits: {
      registration: rateLimitOrDefault(e.RATE_LIMIT_REGISTRATION, 'registration'),
      orders: rateLimitOrDefault(e.RATE_LIMIT_ORDERS, 'orders'),
      invitations: rateLimitOrDefault(e.RATE_LIMIT_INVITATIONS, 'invitations'),
      geocoding: rateLimitOrDefault(e.RATE_LIMIT_GEOCODING, 'geocoding'),
      chat: rateLimitOrDefault(e.RATE_LIMIT_CHAT, 'chat'),
      sessions: rateLimitOrDefault(e.RATE_LIMIT_SESSIONS, 'sessions'),
      uploads: rateLimitOrDefault(e.RATE_LIMIT_UPLOADS, 'uploads'),
      uploadsPerAddress: rateLimitOrDefault(e.RATE_LIMIT_UPLOADS_PER_ADDRESS, 'uploadsPerAddress'),
      refunds: rateLimitOrDefault(e.RATE_LIMIT_REFUNDS, 'refunds'),
    },
    now: () => new Date(),
  };
}

function rateLimitOrDefault(
  value: RateLimits[RateLimitName] | undefined,
  name: RateLimitName,
): RateLimits[RateLimitName] {
  return value === undefined ? DEFAULT_RATE_LIMITS[name] : value;
}
