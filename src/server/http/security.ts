import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { findNulText, NUL_MESSAGE } from '../../core/schemas/text';
import { AFTER_PAINT_LOADER_HASH } from './after-paint-scripts';
import { badRequest, forbidden } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that outside callers (not browsers) write to, with their own authentication: the payment and
 * Connect webhooks and Twilio's text answers (signatures), and mail providers' one-click unsubscribe (a
 * signed token in the URL).
 */
const ORIGIN_EXEMPT = [
  '/api/payments/webhook',
  '/api/payouts/webhook',
  '/api/updates/unsubscribe',
  // Twilio's delivery of a text's answer, signed (X-Twilio-Signature).
  '/api/texts/inbound',
];

/**
 * Only the embeddable lists may be framed by other sites: `/embed` and `/embed-standalone` themselves,
 * with any query, and nothing below them (`/embed/<anything>` is no embed page and answers 404).
 */
export function isFramable(url: string): boolean {
  return /^\/embed(-standalone)?(\?|$)/.test(url);
}

/** A path under an embed's own (`/embed/x`): no page of the app, so never the app's shell either. */
export function isBelowEmbed(url: string): boolean {
  return /^\/embed(-standalone)?\//.test(url);
}

/**
 * HSTS, sent only on requests that arrived over HTTPS (behind a trusted proxy, the proxy's
 * `X-Forwarded-Proto` says so): a browser that reached us over plain HTTP must not be told to
 * refuse it, and a local `http://localhost` stays usable. A year, subdomains included.
 */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * What the pages may ask of the browser (docs/decisions/212-the-caller-behind-our-proxies.md): the camera
 * for the truck's Scan on event day (ZXing reads the receipt's QR code), the Payment Request API for the
 * wallets in Stripe's Payment Element and a Link passkey (its frames on js.stripe.com), full screen on our own pages (the
 * share sheet and copying a link keep their default, our own pages); nothing else, not even the location (a
 * truck's distance comes from a typed place). Frames of other sites get none of it. Only features Chromium
 * knows: an unknown one is a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'payment=(self "https://js.stripe.com")',
  'publickey-credentials-get=("https://js.stripe.com")',
  'fullscreen=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'browsing-topics',
    'clipboard-read',
    'display-capture',
    'encrypted-media',
    'gamepad',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'picture-in-picture',
    'screen-wake-lock',
    'serial',
    'usb',
    'window-management',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

export function expectedOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script: server-rendered pages' loader (after-paint-scripts.ts), by its hash.
      scriptSrc: ["'self'", AFTER_PAINT_LOADER_HASH, 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://*.stripe.com'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      fontSrc: ["'self'", 'data:'],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // OpenStreetMap refuses tiles without a referrer.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  hsts: false,
};

/**
 * Helmet's headers, worked out once: they depend on nothing in the request (no CSP nonces), and
 * building them per request cost about a fifth of a cached public read's CPU.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** A write a browser sent from another site: an Origin not ours, or none and `Sec-Fetch-Site: cross-site`. */
function crossSiteWrite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  if (ORIGIN_EXEMPT.some((p) => request.url.startsWith(p))) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== expectedOrigin(request, publicUrl);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

export async function registerSecurity(app: FastifyInstance, publicUrl: string | undefined): Promise<void> {
  const headers = { ...securityHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  // The hooks below run on every request, a cached public read included: they take a callback rather
  // than return a promise, which costs each request a microtask per hook (decision 083's profiles).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // `request.protocol` reads X-Forwarded-Proto only when TRUST_PROXY is set.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER);
    // CSRF: cookies are SameSite=Lax, writes need JSON (no form can send it cross-site without a
    // preflight), and a browser's Origin must be ours. See docs/decisions/004-csrf.md.
    done(crossSiteWrite(request, publicUrl) ? forbidden('Cross-origin request refused') : undefined);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // An API answer that does not say it may be kept (the public reads, pictures) is nobody's to keep:
    // the private ones (payouts, an organizer's events, a session's orders) must never sit in a cache.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (isFramable(request.url)) {
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'self'", () => 'frame-ancestors *'),
        );
      }
    }
    done(null, payload);
  });

  // PostgreSQL can't store U+0000 in text; refuse it for every route before any schema or query sees it.
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = { headers: request.headers, params: request.params, query: request.query };
    const found =
      findNulText(parts) ?? (Buffer.isBuffer(request.body) ? null : findNulText(request.body, ['body']));
    if (!found) return done();
    const field = found.slice(found[0] === 'body' ? 1 : 0).join('.') || '_';
    done(badRequest(NUL_MESSAGE, { [field]: NUL_MESSAGE }));
  });

  // Fastify parses text/plain by default; a cross-site form could send it without a preflight.
  app.removeContentTypeParser('text/plain');
}
