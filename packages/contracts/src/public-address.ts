import ipaddr from 'ipaddr.js';

/**
 * Where a server of ours may be sent on an admin's word (a clinic's lead
 * webhook): global unicast addresses only. Anything else is a way into our own
 * network or somebody else's (SSRF): loopback, private, link-local (cloud
 * metadata at 169.254.169.254), carrier NAT, benchmarking, documentation,
 * multicast, broadcast, reserved, unspecified, and the IPv6 forms that carry
 * such an IPv4 address. The ranges are ipaddr.js's (IANA's special-purpose
 * registries), not a list of our own.
 *
 * Kept out of web-address.ts: public pages import that one, and ipaddr.js is
 * for the admin's form and the services only.
 */

/** IPv6 global unicast (2000::/3): everything outside it is special or unallocated, `::127.0.0.1` included. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** The well-known NAT64 prefix (RFC 6052); 64:ff9b:1::/48 is for local use and refused outright. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 form reaches: IPv4-mapped (`::ffff:10.0.0.1`),
 * NAT64 (`64:ff9b::a00:1`) and 6to4 (`2002:a00:1::`). That address decides,
 * so `::ffff:8.8.8.8` is as good as 8.8.8.8 and `2002:7f00:1::` as bad as
 * 127.0.0.1. Undefined for other addresses.
 */
function reachedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  if (range === 'rfc6052') return address.match(NAT64_WELL_KNOWN) ? ipv4Of(address.parts[6], address.parts[7]) : null;
  if (range === '6to4') return ipv4Of(address.parts[1], address.parts[2]);
  return undefined;
}

/**
 * Whether `address` (an IP address as DNS answers it, or any form ipaddr.js
 * reads: `0x7f.1` and `2130706433` are 127.0.0.1) is global unicast.
 * Anything that is not an address is not.
 */
export function isGlobalUnicastAddress(address: string): boolean {
  if (address.includes(':')) return isGlobalUnicastV6(address);
  return ipaddr.IPv4.isValid(address) && ipaddr.IPv4.parse(address).range() === 'unicast';
}

/**
 * IPv6 text is read as the URL standard writes it first: ipaddr.js takes the
 * deprecated `::8.8.8.8` (IPv4-compatible, ::808:808) for `::ffff:8.8.8.8`.
 * A zone (`fe80::1%eth0`) is refused: only link-local addresses have one.
 */
function isGlobalUnicastV6(text: string): boolean {
  // Only address characters reach the URL parser, so nothing but the address can make its host.
  if (!/^[0-9a-f:.]+$/i.test(text)) return false;
  let canonical: string;
  try {
    canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return false;
  }
  if (!ipaddr.IPv6.isValid(canonical)) return false;
  const v6 = ipaddr.IPv6.parse(canonical);
  const v4 = reachedIPv4(v6);
  if (v4 !== undefined) return v4 !== null && v4.range() === 'unicast';
  // Teredo, ORCHID, benchmarking, documentation and the rest of 2001::/23 are named ranges; unicast means none applies.
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/**
 * Names that never lead to a host on the internet (RFC 6761 and its
 * successors, mDNS, and the names hosts files and clusters use), so a
 * receiver named so is on somebody's own network.
 */
const LOCAL_NAMES = ['localhost', 'local', 'localdomain', 'internal', 'home.arpa', 'home', 'lan', 'corp', 'test', 'invalid', 'example', 'onion', 'alt'];

/**
 * Whether a URL's host (as `new URL(…).hostname` gives it: lower case, IPv6
 * in brackets, IPv4 in any notation already made dotted decimal) may be
 * called: a global unicast address, or a domain name with a dot that is not a
 * local or special-use one (`localhost`, `*.localhost`, `*.internal`, a bare
 * `redis` or `tenant` that a cluster's DNS answers). A name's addresses are
 * only known when it is resolved: the caller checks each of them then, with
 * isGlobalUnicastAddress.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) return isGlobalUnicastAddress(host.slice(1, -1));
  if (ipaddr.isValid(host)) return isGlobalUnicastAddress(host);
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (!name.includes('.') || name.startsWith('.') || name.includes('..')) return false;
  return !LOCAL_NAMES.some((local) => name === local || name.endsWith(`.${local}`));
}
