import { getDomain } from 'tldts';
import { challengeNameOf, challengeValueOf, type CustomDomain, type DnsRecord } from '@hap/contracts';
import type { ClientDomainEntity } from './client-domain.entity';
import type { EdgeTarget } from './dns-check';
import { unicodeFormOf } from './host-name.rules';

/** The records to set: the routing record(s) first, then the TXT proof. */
export function dnsRecordsOf(edge: EdgeTarget, domain: string, token: string): DnsRecord[] {
  const { host, ipv4, ipv6 } = edge;
  // The registrable domain (by the public suffix list: clinic.co.uk too) is a zone's apex, which cannot hold a CNAME.
  const apex = getDomain(domain, { allowPrivateDomains: true }) === domain;
  const records: DnsRecord[] = [];
  if (host && !(apex && ipv4.length + ipv6.length > 0)) {
    records.push({
      type: 'CNAME',
      name: domain,
      value: host,
      help: apex
        ? `At your DNS provider, point ${domain} to ${host}. Many providers call this an ALIAS, ANAME or "CNAME flattening" record on the bare domain.`
        : `At your DNS provider, add a CNAME record: host (or name) ${domain}, pointing to (target or value) ${host}.`,
    });
  } else {
    for (const address of ipv4) {
      records.push({ type: 'A', name: domain, value: address, help: `At your DNS provider, add an A record: host ${domain} (often written @ for the bare domain), value ${address}.` });
    }
    for (const address of ipv6) {
      records.push({ type: 'AAAA', name: domain, value: address, help: `At your DNS provider, add an AAAA record: host ${domain} (often written @), value ${address}.` });
    }
  }
  records.push({
    type: 'TXT',
    name: challengeNameOf(domain),
    value: challengeValueOf(token),
    help: `At your DNS provider, add a TXT record: host (or name) ${challengeNameOf(domain)}, value ${challengeValueOf(token)}. If the provider adds your domain to the host by itself, enter only the part before it. It proves the domain is yours; leave it in place.`,
  });
  return records;
}

/** A claim as the Domains screens show it, with the DNS records to set. */
export function toCustomDomainDto(row: ClientDomainEntity, edge: EdgeTarget): CustomDomain {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    domain: row.domain,
    ...unicodeFormOf(row.domain),
    clientId: row.clientId,
    status: row.status,
    reason: row.reason,
    records: dnsRecordsOf(edge, row.domain, row.token),
    createdAt: row.createdAt.toISOString(),
    lastCheckedAt: iso(row.lastCheckedAt),
    nextCheckAt: iso(row.nextCheckAt),
    verifiedAt: iso(row.verifiedAt),
    checkUntil: row.checkUntil.toISOString(),
    certificateExpiresAt: iso(row.certificateExpiresAt),
    failingSince: iso(row.failingSince),
    lastHealthCheckAt: iso(row.lastHealthCheckAt),
  };
}
