import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError, urlRefusedMessages } from '@buildai/domain';
import { isPublicAddress } from './special-addresses';

/**
 * Which addresses the web scraper may reach (docs/decisions/0006-hardening.md, "Web scraper addresses"): globally
 * routable unicast only. Every block of IANA's special-purpose registries, multicast, and every IPv6 form that
 * embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are refused: `special-addresses.ts`.
 */
export interface AddressPolicy {
  /** Tests only (SCRAPER_ALLOW_LOOPBACK): 127.0.0.1 exactly becomes reachable; nothing else does. */
  allowLoopback: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (the system resolver by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });

/** Whether the address may not be reached. Anything that is not a valid IP address is refused. */
export function isRefusedAddress(address: string, policy: AddressPolicy): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return true;
  const ip = ipaddr.parse(bare);
  if (policy.allowLoopback && isExactLoopback(ip)) return false;
  // ipaddr's own ranges as a second opinion: a block it knows and the table lacks is refused too
  return !isPublicAddress(ip) || ip.range() !== 'unicast';
}

/** 127.0.0.1 itself, or its IPv4-mapped form: what SCRAPER_ALLOW_LOOPBACK opens. */
function isExactLoopback(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  const v4 =
    ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()
      ? (ip as ipaddr.IPv6).toIPv4Address()
      : ip;
  return v4.kind() === 'ipv4' && v4.toString() === '127.0.0.1';
}

/** Thrown when an address is refused, before or while connecting. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_REFUSED_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`refused address ${address} for ${host}`);
  }
}

const refused = (why: keyof typeof urlRefusedMessages) =>
  new AppError('context/url-refused', { message: urlRefusedMessages[why] });

/** The host of a URL as an IP literal (IPv6 without brackets), or null for a name. */
function ipLiteral(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? bare : null;
}

/**
 * Parses and checks a URL: http or https, no credentials, and a host that is not (and does not resolve to) a
 * refused address. Node's WHATWG parser has already turned numeric forms such as `127.1`, `0x7f.0.0.1`,
 * `2130706433` or `017700000001` into dotted quads. Throws `context/url-refused` with the reason.
 */
export async function checkUrl(raw: string | URL, policy: AddressPolicy, resolve: Resolver): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('scheme');
  if (url.username || url.password) throw refused('credentials');
  const host = url.hostname;
  if (!host) throw refused('invalid');
  const literal = ipLiteral(host);
  if (literal !== null) {
    if (isRefusedAddress(literal, policy)) throw refused('notPublic');
    return url;
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw refused('notFound');
  }
  if (addresses.length === 0) throw refused('notFound');
  if (addresses.some((a) => isRefusedAddress(a.address, policy))) throw refused('notPublic');
  return url;
}

/**
 * A `lookup` for sockets that checks every resolved address as the connection is made, so a name that resolved to
 * a public address when the URL was checked and to a private one now (DNS rebinding) is still refused.
 * `onRefused` hears of each refusal.
 */
export function guardedLookup(
  policy: AddressPolicy,
  resolve: Resolver,
  onRefused: (err: RefusedAddressError) => void,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const bad = all.find((a) => isRefusedAddress(a.address, policy));
        if (bad || all.length === 0) {
          const err = new RefusedAddressError(hostname, bad?.address ?? 'none');
          onRefused(err);
          return callback(err as NodeJS.ErrnoException, '', 0);
        }
        const family = typeof options.family === 'number' ? options.family : 0;
        const usable = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        if (usable.length === 0) {
          const err = Object.assign(new Error(`no IPv${family} address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          return callback(err, '', 0);
        }
        if (options.all)
          return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
