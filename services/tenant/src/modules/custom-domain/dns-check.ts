import { Resolver } from 'node:dns/promises';
import { CustomDomainMessages as M, challengeNameOf, challengeValueOf } from '@hap/contracts';

/** Where the platform's edge is, as DNS should point a clinic's domain to it (configuration). */
export interface EdgeTarget {
  host: string | null;
  ipv4: readonly string[];
  ipv6: readonly string[];
}

export interface DnsCheckResult {
  txt: boolean;
  routing: boolean;
  /** null when both are in place; else what is missing, in words (or that DNS could not be asked). */
  reason: string | null;
  /** A record was not found because DNS could not be asked (timeout, refused, SERVFAIL), not because it is missing. */
  unavailable: boolean;
}

export interface DnsCheckOptions {
  /** `host:port` of the resolver to ask (DNS_RESOLVER); null: the system's. */
  server: string | null;
  timeoutMs: number;
  tries: number;
}

const lower = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** The resolver answered that the name (or that type of record) does not exist: "not there yet". */
const ANSWERED_NONE = new Set(['ENOTFOUND', 'ENODATA']);

/** What one lookup came to: its records (none when DNS answered there are none), or null when DNS could not be asked. */
async function lookUp<T>(lookup: () => Promise<T[]>): Promise<T[] | null> {
  try {
    return await lookup();
  } catch (err) {
    return ANSWERED_NONE.has((err as { code?: string }).code ?? '') ? [] : null;
  }
}

/** Yes, no, or unknown: the resolver timed out, refused or failed (SERVFAIL), so nothing can be said. */
export type Pointing = 'yes' | 'no' | 'unknown';

/**
 * Checks a claim's two records through node:dns's Resolver (c-ares), asking
 * the configured server: the TXT `_hap-challenge.<domain>` with
 * `hap-verify=<token>`, and the routing record (a CNAME to the edge host, or
 * an A/AAAA address that is one of the edge's). Both are needed.
 */
export class DnsCheck {
  constructor(
    private readonly edge: EdgeTarget,
    private readonly options: DnsCheckOptions,
  ) {}

  private resolver(): Resolver {
    const resolver = new Resolver({ timeout: this.options.timeoutMs, tries: this.options.tries });
    if (this.options.server) resolver.setServers([this.options.server]);
    return resolver;
  }

  async check(domain: string, token: string): Promise<DnsCheckResult> {
    const resolver = this.resolver();
    const expected = challengeValueOf(token);
    const [rows, pointing] = await Promise.all([lookUp(() => resolver.resolveTxt(challengeNameOf(domain))), this.routes(resolver, domain)]);
    const txt = rows?.some((chunks) => chunks.join('') === expected) ?? false;
    const routing = pointing === 'yes';
    const unavailable = (!txt && rows === null) || (!routing && pointing === 'unknown');
    const reason = txt && routing ? null : unavailable ? M.dnsUnavailable : !txt && !routing ? M.bothMissing : !txt ? M.txtMissing : M.routingMissing;
    return { txt, routing, reason, unavailable };
  }

  /** The routing record alone (the daily health check: does the domain still point here?). */
  async pointsHere(domain: string): Promise<Pointing> {
    return this.routes(this.resolver(), domain);
  }

  /**
   * A CNAME to the edge host, or an address of the edge: one configured (EDGE_IPV4/EDGE_IPV6) or,
   * when only EDGE_HOST is set, one the edge host has, which is what a bare domain's ALIAS (or
   * "CNAME flattening") record answers. Every lookup at once: a slow resolver costs one lookup's
   * time, not five (the re-check answers within the gateway's wait). Unknown when nothing matched
   * and a lookup could not be asked.
   */
  private async routes(resolver: Resolver, domain: string): Promise<Pointing> {
    const { host, ipv4, ipv6 } = this.edge;
    const flatten = Boolean(host) && ipv4.length === 0 && ipv6.length === 0;
    const none = async <T>(): Promise<T[]> => [];
    const lookups = await Promise.all([
      host ? lookUp(() => resolver.resolveCname(domain)) : none<string>(),
      lookUp(() => resolver.resolve4(domain)),
      lookUp(() => resolver.resolve6(domain)),
      flatten ? lookUp(() => resolver.resolve4(host!)) : none<string>(),
      flatten ? lookUp(() => resolver.resolve6(host!)) : none<string>(),
    ]);
    const [names, found4, found6, host4, host6] = lookups.map((found) => found ?? []);
    const wanted4 = [...ipv4, ...host4];
    const wanted6 = [...ipv6, ...host6].map(canonicalV6);
    const matched =
      (host !== null && names.some((name) => lower(name) === lower(host))) ||
      found4.some((a) => wanted4.includes(a)) ||
      found6.some((a) => wanted6.includes(canonicalV6(a)));
    if (matched) return 'yes';
    return lookups.some((found) => found === null) ? 'unknown' : 'no';
  }
}

/** `2001:DB8::1` and `2001:db8:0:0:0:0:0:1` are the same address. */
function canonicalV6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname;
  } catch {
    return address.toLowerCase();
  }
}
