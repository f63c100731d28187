import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname, networkInterfaces } from 'node:os';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** The origin of the request being served, for every link made while serving it (decision 146). */
const requestOrigin = new AsyncLocalStorage<string>();
/** Per app: the last origin a request came to, for links made outside a request (the reconciler's mail). */
const lastOrigin = new WeakMap<AppConfig, string>();

/**
 * The site's address for every link the app makes: mail, the payout onboarding's return, share cards,
 * calendar files, QR codes. `PUBLIC_URL` when it is set (production requires it); else, on a machine
 * someone is trying the app on, the address the request being served came to when that is one of the
 * machine's own names (so a user on 127.0.0.1 or on the network address `npm start` prints comes back to
 * that address); outside a request, the last such address a browser reached this instance at; else
 * `http://localhost:<port>`. Never `X-Forwarded-Host`, nor any other name a request gives (decision 212).
 */
export function publicBaseUrl(config: AppConfig): string {
  return (
    config.publicUrl ??
    requestOrigin.getStore() ??
    lastOrigin.get(config) ??
    `http://localhost:${config.port}`
  );
}

/** The machine's own names and addresses: the only hosts a link may name without PUBLIC_URL. */
function ownHosts(): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '::1', hostname().toLowerCase()]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) hosts.add(address.address.toLowerCase());
  }
  return hosts;
}

/**
 * The origin a request came to, or undefined when it may not be used in a link. Anybody can send any
 * `Host`, and behind a proxy any `X-Forwarded-Host` the proxy lets through: a password reset asked with
 * `Host: evil.example` must not mail the owner a link there. So only the `Host` header is read (never
 * `X-Forwarded-Host`, whatever `TRUST_PROXY` says), only when it names the machine itself (`localhost`,
 * `*.localhost`, its hostname, its interfaces' addresses), with the scheme of the connection itself.
 */
export function trustedRequestOrigin(request: FastifyRequest, own = ownHosts()): string | undefined {
  const host = request.headers.host;
  if (!host || !/^[a-z0-9.\-[\]:]+$/i.test(host)) return undefined;
  const scheme = (request.raw.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http';
  let url: URL;
  try {
    url = new URL(`${scheme}://${host}`);
  } catch {
    return undefined;
  }
  const name = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!own.has(name) && !name.endsWith('.localhost')) return undefined;
  return url.origin;
}

/** Serves every request inside its own origin, so `publicBaseUrl` needs no request to be passed down. */
export function registerPublicUrl(app: FastifyInstance, config: AppConfig): void {
  if (config.publicUrl) return;
  const own = ownHosts();
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = trustedRequestOrigin(request, own);
    if (!origin) return done();
    // A browser's (it has a session), not a health check's or a script's on the machine itself.
    if (request.headers.cookie) lastOrigin.set(config, origin);
    requestOrigin.run(origin, done);
  });
}
