import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** The origin of the request being served, for every link made while serving it (decision 146). */
const requestOrigin = new AsyncLocalStorage<string>();
/** Per app: the last origin a request came to, for links made outside a request (the reconciler's mail). */
const lastOrigin = new WeakMap<AppConfig, string>();

/**
 * The site's address for every link the app makes: mail, the payout onboarding's return, share cards,
 * calendar files, QR codes. `PUBLIC_URL` when it is set; else the address the request being served came
 * to (its `Host`, or `X-Forwarded-*` behind a trusted proxy), so a user on 127.0.0.1 or on the network
 * address `npm start` prints comes back to that address; outside a request, the last such address a
 * browser reached this instance at; else `http://localhost:<port>`.
 */
export function publicBaseUrl(config: AppConfig): string {
  return (
    config.publicUrl ??
    requestOrigin.getStore() ??
    lastOrigin.get(config) ??
    `http://localhost:${config.port}`
  );
}

/** The machine's own names and addresses: the hosts a request may name without a trusted proxy. */
function ownHosts(): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '::1', hostname().toLowerCase()]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) hosts.add(address.address.toLowerCase());
  }
  return hosts;
}

/**
 * The origin a request came to, or undefined when it may not be trusted in a link. Behind a trusted proxy
 * (`TRUST_PROXY`) the forwarded host is the proxy's to say. Without one, anybody can send any `Host`: a
 * password reset asked with `Host: evil.example` must not mail the owner a link there, so only the
 * machine's own names and addresses are taken (`localhost`, its hostname, its interfaces' addresses).
 */
export function trustedRequestOrigin(
  request: FastifyRequest,
  config: AppConfig,
  own = ownHosts(),
): string | undefined {
  const host = request.host;
  if (!host || !/^[a-z0-9.\-[\]:]+$/i.test(host)) return undefined;
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${host}`);
  } catch {
    return undefined;
  }
  const name = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!config.trustProxy && !own.has(name) && !name.endsWith('.localhost')) return undefined;
  return url.origin;
}

/** Serves every request inside its own origin, so `publicBaseUrl` needs no request to be passed down. */
export function registerPublicUrl(app: FastifyInstance, config: AppConfig): void {
  if (config.publicUrl) return;
  const own = ownHosts();
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = trustedRequestOrigin(request, config, own);
    if (!origin) return done();
    // A browser's (it has a session), not a health check's or a script's on the machine itself.
    if (request.headers.cookie) lastOrigin.set(config, origin);
    requestOrigin.run(origin, done);
  });
}
