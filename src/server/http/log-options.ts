import { stdSerializers } from 'pino';

/** The most one log line may hold: a flood of large errors can't fill the disk or the collector. */
export const LOG_LINE_MAX_CHARS = 8 * 1024;
const STRING_MAX_CHARS = 1000;
const MAX_DEPTH = 6;

/** Keys whose values are what a caller sent (or a secret), never written to the log. */
const DROPPED_KEYS = new Set([
  'body',
  'payload',
  'params',
  'parameters',
  'query',
  'querystring',
  'cookie',
  'cookies',
  'set-cookie',
  'authorization',
  'password',
  'passwordHash',
  'stripe-signature',
  'image',
  'profileImage',
  'imageUrl',
  'coverImage',
  'legacyProfileImage',
  'legacyImageUrl',
  'bytes',
]);

const EMAIL = /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}.-]{1,253}\.\p{L}{2,63}/gu;
const DATA_URL = /data:[a-z/+.-]+;base64,[A-Za-z0-9+/=]*/gi;

/** A string as the log may keep it: no e-mail addresses, no inline images, not too long. */
export function scrubText(text: string, max = STRING_MAX_CHARS): string {
  // Cut first: the patterns below must never run over megabytes (a run of letters with no @ makes
  // the e-mail pattern quadratic).
  const cut = text.length > max ? text.slice(0, max) : text;
  const clean = cut.replace(DATA_URL, '[image]').replace(EMAIL, '[email]');
  return text.length > max ? `${clean}… [${text.length - max} more characters]` : clean;
}

/** The path of a URL, with each query value replaced: `?email=…` names what was asked, not the answer. */
export function scrubUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return scrubText(url, 500);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=…`)
    .join('&');
  return scrubText(`${url.slice(0, at)}?${query}`, 500);
}

export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  // pino serializes errors after this formatter: do it here, so their own fields are scrubbed too.
  if (value instanceof Error) return scrubLogValue(stdSerializers.err(value), depth);
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, 20).map((v) => scrubLogValue(v, depth + 1));
    return value.length > 20 ? [...kept, `[${value.length - 20} more]`] : kept;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (DROPPED_KEYS.has(key)) continue;
    out[key] = key === 'url' && typeof inner === 'string' ? scrubUrl(inner) : scrubLogValue(inner, depth + 1);
  }
  return out;
}

/**
 * pino's `formatters.log`, which runs before its serializers: serializes the request and reply
 * here, scrubs every value, and keeps the line under LOG_LINE_MAX_CHARS by cutting its largest parts.
 */
export function capLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const known: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === 'req' && value && typeof value === 'object') known[key] = logSerializers.req(value);
    else if (key === 'res' && value && typeof value === 'object') known[key] = logSerializers.res(value);
    else known[key] = value;
  }
  const scrubbed = scrubLogValue(known) as Record<string, unknown>;
  if (JSON.stringify(scrubbed).length <= LOG_LINE_MAX_CHARS) return scrubbed;
  const err = scrubbed.err as { type?: unknown; message?: unknown; stack?: unknown } | undefined;
  const small: Record<string, unknown> = { truncated: true };
  for (const [key, inner] of Object.entries(scrubbed)) {
    if (key === 'err') continue;
    const text = JSON.stringify(inner) ?? '';
    if (text.length <= 200) small[key] = inner;
  }
  if (err) {
    small.err = {
      type: err.type,
      message: typeof err.message === 'string' ? scrubText(err.message, 500) : undefined,
      stack: typeof err.stack === 'string' ? scrubText(err.stack, 3000) : undefined,
    };
  }
  return small;
}

/**
 * The request as a log line sees it: method, path, query names, who asked. Never a body, a query
 * value, a cookie or a header's content (docs/decisions/021-logs.md).
 */
export const logSerializers = {
  req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
    id: req.id,
    method: req.method,
    url: typeof req.url === 'string' ? scrubUrl(req.url) : undefined,
    ip: req.ip,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  // The formatter already turned errors into plain objects; serializing those again would call them "Object".
  err: (err: unknown) =>
    err instanceof Error ? stdSerializers.err(err) : (err as ReturnType<typeof stdSerializers.err>),
};

/** pino options shared by every logger of the app. */
export function safeLoggerOptions() {
  return {
    serializers: logSerializers,
    formatters: { log: capLogObject },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg, 2000) : arg)),
        );
      },
    },
  };
}
