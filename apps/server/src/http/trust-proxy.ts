import proxyaddr from 'proxy-addr';

/**
 * What `TRUST_PROXY` says of the proxies in front of the server: none (`false`), a number of hops (`true` is one
 * hop: the usual single reverse proxy), or the addresses/CIDRs of the proxies themselves.
 */
export type TrustProxy = false | number | string[];

/** Parses `TRUST_PROXY`; answers a message for a value that is none of the accepted forms. */
export function parseTrustProxy(raw: string): TrustProxy | { error: string } {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  try {
    proxyaddr.compile(list);
  } catch (err) {
    return {
      error: `expected true, false, a hop count or proxy addresses/CIDRs (${(err as Error).message})`,
    };
  }
  return list;
}

type TrustCheck = (addr: string, index: number) => boolean;
const noProxy: TrustCheck = () => false;
/** A list's compiled check, made once per configured list (the config keeps the same array for its lifetime). */
const compiledLists = new WeakMap<string[], TrustCheck>();

/** Whether the hop at `index` (0 = the socket's peer) is a proxy we trust. */
export function compileTrust(trust: TrustProxy): TrustCheck {
  if (trust === false) return noProxy;
  if (typeof trust === 'number') return (_addr, index) => index < trust;
  let check = compiledLists.get(trust);
  if (!check) compiledLists.set(trust, (check = proxyaddr.compile(trust)));
  return check;
}

/**
 * The client's address: walking `X-Forwarded-For` from the right, the first hop that is not a trusted proxy
 * (the address the nearest trusted proxy saw). Entries left of it were written by the client and are ignored.
 */
export function forwardedClientIp(
  socketAddress: string,
  forwardedFor: string | undefined,
  trust: (addr: string, index: number) => boolean,
): string {
  const req = { connection: { remoteAddress: socketAddress }, headers: { 'x-forwarded-for': forwardedFor } };
  return proxyaddr(req as unknown as Parameters<typeof proxyaddr>[0], trust);
}
