import proxyAddr from '@fastify/proxy-addr';

/**
 * Which peers are our own proxies (docs/decisions/212-the-caller-behind-our-proxies.md): `false`, none;
 * a number, that many proxies in front of the app (`TRUST_PROXY=true` is 1, the shipped nginx); a list,
 * the proxies' addresses or ranges (`127.0.0.1`, `10.0.0.0/8`, or proxy-addr's `loopback`, `linklocal`,
 * `uniquelocal`). `true` is kept for callers that set the configuration in code: one proxy.
 */
export type TrustProxy = boolean | number | readonly string[];

/** Is the peer at `address`, `hop` steps from the app (0: the socket's peer), one of our proxies? */
export type ProxyTrust = (address: string | undefined, hop: number) => boolean;

const trustNone: ProxyTrust = () => false;

/**
 * The trust function Fastify (through @fastify/proxy-addr) walks the chain with: the socket's peer, then
 * `X-Forwarded-For` from its right-most entry leftwards, stopping at the first address not trusted, which
 * is the caller. Every proxy appends the address it was reached from, so a caller's own entries are all on
 * the left of those our proxies added: with one proxy, the caller is the right-most entry, whatever it
 * wrote before it. (Fastify refuses a bare number for this, because a direct caller could then pose as a
 * proxy; the README says to keep the instances reachable only through the proxy, or to name its address.)
 */
export function proxyTrust(trust: TrustProxy): ProxyTrust {
  if (trust === false || trust === 0) return trustNone;
  if (trust === true) return (_address, hop) => hop < 1;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  if (trust.length === 0) return trustNone;
  const trusted = proxyAddr.compile([...trust]);
  return (address, hop) => address !== undefined && trusted(address, hop);
}

/**
 * `TRUST_PROXY`'s value as configuration, or a sentence saying what is wrong with it: `true`/`false`,
 * a count of proxies (0–10), or a comma-separated list of addresses and ranges.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : { error: 'a count of proxies is at most 10' };
  }
  const list = text.split(',').map((entry) => entry.trim());
  if (list.some((entry) => entry === '')) return { error: 'an empty entry in the list of proxy addresses' };
  try {
    proxyAddr.compile(list);
  } catch (error) {
    return {
      error:
        `${(error as Error).message}; use true (one proxy in front), a count of proxies (2), ` +
        'or their addresses and ranges (127.0.0.1,10.0.0.0/8)',
    };
  }
  return list;
}
