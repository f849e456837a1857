import ipaddr from 'ipaddr.js';

/**
 * Address blocks the web scraper never reaches (docs/decisions/0006-hardening.md, "Web scraper addresses"): every
 * block of IANA's IPv4 and IPv6 Special-Purpose Address Registries, multicast, and every IPv6 form that carries an
 * IPv4 address (a translator or tunnel would take the request to that IPv4 address, private or not). Blocks the
 * registries mark globally reachable (anycast services such as AS112, AMT, PCP) are refused too: none serves web
 * pages, and one rule is easier to check. IPv6 outside global unicast (2000::/3) is refused as a whole, which also
 * covers what later registry entries may add there.
 */
export const REFUSED_IPV4_BLOCKS: readonly string[] = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (CGNAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link local, with the cloud metadata address 169.254.169.254
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments (DS-Lite, PCP and TURN anycast, NAT64 discovery)
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // direct delegation AS112 service
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, with the limited broadcast 255.255.255.255
];

export const REFUSED_IPV6_BLOCKS: readonly string[] = [
  // outside 2000::/3, all refused; listed so the table reads as the registry does
  '::/128', // unspecified
  '::1/128', // loopback
  '::/96', // IPv4-compatible (deprecated): ::127.0.0.1
  '::ffff:0:0/96', // IPv4-mapped
  '64:ff9b::/96', // NAT64 well-known prefix
  '64:ff9b:1::/48', // local-use NAT64
  '100::/64', // discard-only
  '100:0:0:1::/64', // dummy prefix
  '5f00::/16', // segment routing SIDs
  'fc00::/7', // unique local
  'fe80::/10', // link local
  'fec0::/10', // site local (deprecated)
  'ff00::/8', // multicast
  // inside 2000::/3
  '2001::/23', // IETF protocol assignments
  '2001::/32', // Teredo
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '2620:4f:8000::/48', // direct delegation AS112 service
  '3fff::/20', // documentation
];

const parsedV4 = REFUSED_IPV4_BLOCKS.map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const parsedV6 = REFUSED_IPV6_BLOCKS.map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** Whether a parsed address is globally routable and in no refused block. */
export function isPublicAddress(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.kind() === 'ipv4') return !parsedV4.some((block) => ip.match(block));
  const v6 = ip as ipaddr.IPv6;
  if (!v6.match(GLOBAL_UNICAST_V6)) return false;
  return !parsedV6.some((block) => v6.match(block));
}
