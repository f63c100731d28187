import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import type { ProxyTrust } from '../http/trust-proxy';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may hand in as the request's id: short, plain characters (it goes into every log line). */
const FORWARDED_ID = /^[\w.:-]{8,64}$/;

/**
 * Every request gets an id that its log lines carry (`reqId`) and its answer returns in `X-Request-Id`,
 * so a diner's "it failed" with the id finds the lines. From our own proxy (TRUST_PROXY) the proxy's
 * id is kept, so its access log and ours name the same request; otherwise a caller can't choose it.
 */
export function requestIdOptions(
  trustProxy: ProxyTrust,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: false,
    genReqId(request: RawRequestDefaultExpression) {
      const forwarded = request.headers[REQUEST_ID_HEADER];
      return trustProxy(request.socket.remoteAddress, 0) &&
        typeof forwarded === 'string' &&
        FORWARDED_ID.test(forwarded)
        ? forwarded
        : randomUUID();
    },
  };
}
