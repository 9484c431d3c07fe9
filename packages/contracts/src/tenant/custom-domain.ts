import { z } from 'zod';
import { idField, timestamp } from '../fields';

/**
 * A clinic's own domain: claimed by an admin or the clinic's owner,
 * proved by DNS (a TXT token and a routing record), then given a certificate by
 * the edge. Only an `active` domain shows the clinic's pages.
 */
export const CUSTOM_DOMAIN_STATUSES = ['pending', 'verified', 'certificate_issued', 'active', 'failing'] as const;
export const CustomDomainStatusSchema = z.enum(CUSTOM_DOMAIN_STATUSES);
export type CustomDomainStatus = z.infer<typeof CustomDomainStatusSchema>;

/** Verified or later: the edge may ask for a certificate, and nobody else may claim the name. */
export const VERIFIED_OR_LATER = ['verified', 'certificate_issued', 'active'] as const satisfies readonly CustomDomainStatus[];
export const isVerifiedOrLater = (status: CustomDomainStatus): boolean => (VERIFIED_OR_LATER as readonly string[]).includes(status);

/** The name of the TXT record that proves a claim. */
export const challengeNameOf = (domain: string): string => `_hap-challenge.${domain}`;
/** The value of that TXT record. */
export const challengeValueOf = (token: string): string => `hap-verify=${token}`;

/** Domains one clinic may hold (each is checked by DNS, and the edge keeps a certificate for each). */
export const MAX_DOMAINS_PER_CLINIC = 10;

/** How long the job keeps checking a claim's records before it gives up. */
export const DOMAIN_VERIFY_WINDOW_MS = 72 * 60 * 60 * 1000;

/** How long the certificate step keeps asking the edge for a verified domain's certificate before the domain is failing. */
export const DOMAIN_CERTIFICATE_WINDOW_MS = 6 * 60 * 60 * 1000;

/** The daily health check wants a certificate valid for more than this many days. */
export const DOMAIN_CERTIFICATE_MIN_DAYS = 14;

export const CustomDomainMessages = {
  required: 'Enter a domain, like www.clinic.com',
  notHostOnly: 'Enter only the host name, like www.clinic.com, without https://, a port or a path.',
  ipLiteral: 'Enter a domain name, not an IP address.',
  wildcard: 'Wildcard domains (*.clinic.com) cannot be added: add each host name on its own.',
  badName: 'This is not a valid domain name. Use letters, digits and hyphens, like www.clinic.com.',
  oneLabel: 'Enter a full domain with a dot, like www.clinic.com.',
  tooLong: 'This domain is too long: at most 253 characters, and 63 between dots.',
  platformHost: 'This is the platform’s own address; enter your clinic’s domain.',
  specialUse: (name: string, tld: string) =>
    `${name} cannot be a clinic’s domain: names under .${tld} are reserved for special uses (local networks, testing, documentation) and are not on the public internet. Enter a domain registered for your clinic, like www.clinic.com.`,
  mixedScript: (unicode: string, ascii: string) =>
    `${unicode} (${ascii}) mixes letters of different alphabets in one part, a way to imitate another site’s name: it cannot be added. Type the name again in one alphabet.`,
  unicodeName: (unicode: string, ascii: string) =>
    `This domain has letters beyond a–z: it reads ${unicode} and is stored as ${ascii}. Check it is your clinic’s name, since some letters of other alphabets look like Latin ones.`,
  publicSuffix: (name: string) => `${name} is a public suffix, which nobody owns as a domain: enter your clinic’s domain under it, like clinic.${name}.`,
  notConfigured: 'Custom domains are not configured on this platform yet (no edge host or address is set). Ask your agency.',
  claimedElsewhere: (domain: string) => `${domain} is already verified for another clinic. Ask your agency if you believe it is yours.`,
  alreadyAdded: (domain: string) => `${domain} has already been added to this clinic.`,
  tooMany: (max: number) => `A clinic can have at most ${max} domains. Remove one it no longer uses first.`,
  notFound: (domain: string) => `Domain ${domain} was not found for this clinic.`,
  txtMissing: 'TXT record missing: we could not find the _hap-challenge record with the verification value yet.',
  routingMissing: 'Routing record missing: the domain does not point to the platform yet.',
  bothMissing: 'DNS records not found yet: neither the TXT record nor the routing record is in place.',
  expired: 'DNS records not found after 72 hours',
  dnsUnavailable: 'DNS could not be asked just now (the resolver did not answer or failed), so the records could not be checked. We will try again.',
  // ---- the edge: certificates and the daily health check (reasons in words) ----
  edgeUnreachable: (address: string, code: string) => `The platform’s edge (${address}) could not be reached (${code}).`,
  handshakeRefused: (domain: string) => `The edge refused the secure (TLS) connection for ${domain}: it holds no certificate for this name (yet).`,
  handshakeTimeout: (domain: string, seconds: number) => `The edge did not complete the secure (TLS) connection for ${domain} within ${seconds} seconds.`,
  untrusted: (domain: string, code: string) => `The certificate served for ${domain} is not from a trusted authority (${code}).`,
  nameMismatch: (domain: string) => `The certificate served for ${domain} is for another name.`,
  certificateExpired: (domain: string) => `The certificate for ${domain} has expired.`,
  certificateNotYetValid: (domain: string) => `The certificate for ${domain} is not valid yet.`,
  tlsFailed: (domain: string, detail: string) => `The secure (TLS) connection for ${domain} failed: ${detail}.`,
  certificateExpiring: (domain: string, days: number) =>
    `The certificate for ${domain} expires in ${days} day${days === 1 ? '' : 's'} (it should be valid for more than ${DOMAIN_CERTIFICATE_MIN_DAYS}); the edge has not renewed it.`,
  noCertificate: (hours: number, why: string) => `No certificate after ${hours} hours: ${why}`,
  dnsMoved: 'DNS no longer points here: the routing record (CNAME, or A/AAAA) to the platform’s edge is missing or changed.',
  pageStatus: (domain: string, status: number) => `The page at https://${domain}/ answered ${status} instead of 200.`,
  pageContent: (domain: string, clinic: string) => `The page at https://${domain}/ does not show ${clinic}: another site or an error page is served there.`,
  pageFailed: (domain: string, detail: string) => `The page at https://${domain}/ could not be read: ${detail}.`,
  onlyDomain: (keys: readonly string[]) => `Send only the domain: ${keys.join(', ')} cannot be set here (the clinic is the one you add the domain to).`,
} as const;

/** A DNS record to set, with the words a registrar's screen uses for each field. */
export const DnsRecordSchema = z.object({
  type: z.enum(['CNAME', 'A', 'AAAA', 'TXT']),
  name: z.string(),
  value: z.string(),
  /** Provider-neutral words: where to put it, what it is for. */
  help: z.string(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const CustomDomainSchema = z.object({
  /** As stored and served: lower case, an international name in its ASCII (punycode) form. */
  domain: z.string(),
  /** How the name reads: `domain` with any punycode label decoded (the same as `domain` for an all-ASCII name). */
  unicode: z.string(),
  /** Words to show beside a name with letters beyond a–z (it may imitate another); null for an all-ASCII name. */
  warning: z.string().nullable(),
  clientId: z.number().int(),
  status: CustomDomainStatusSchema,
  /** Why it is failing, or what is still missing while pending; null when nothing is. */
  reason: z.string().nullable(),
  /** The routing record(s) first (CNAME, or A/AAAA for an apex), then the TXT record. */
  records: z.array(DnsRecordSchema),
  createdAt: timestamp(),
  lastCheckedAt: timestamp().nullable(),
  /** When the job checks again (null once verified or given up). */
  nextCheckAt: timestamp().nullable(),
  verifiedAt: timestamp().nullable(),
  /** The end of the 72 hours the job keeps checking. */
  checkUntil: timestamp(),
  /** When the certificate the edge serves for the name ends (seen by the certificate step and each health check); null before. */
  certificateExpiresAt: timestamp().nullable(),
  /** Since when an active domain has been failing its health check (or the certificate step gave up); null while it is not failing. */
  failingSince: timestamp().nullable(),
  /** The last daily (or on-demand) health check of an active or failing domain; null before its first. */
  lastHealthCheckAt: timestamp().nullable(),
});
export type CustomDomain = z.infer<typeof CustomDomainSchema>;

/**
 * `POST …/domains`: the host name as typed; the service applies the host name rules (400 in words).
 * Strict: a `clientId` (or anything else) in the body is refused, not ignored, since the clinic is
 * the path's (admin) or the identity's (portal).
 */
export const CustomDomainCreateSchema = z.strictObject(
  {
    domain: z.string({ error: CustomDomainMessages.required }).trim().min(1, CustomDomainMessages.required).max(300, CustomDomainMessages.tooLong),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? CustomDomainMessages.onlyDomain(iss.keys) : undefined) },
);
export type CustomDomainCreate = z.infer<typeof CustomDomainCreateSchema>;

const domainParam = z.string().trim().min(1, CustomDomainMessages.required).max(300, CustomDomainMessages.tooLong);

export const ClientDomainParamsSchema = z.object({ id: idField('Id', { fromText: true }), domain: domainParam });
export const PortalDomainParamsSchema = z.object({ domain: domainParam });

/** `GET /internal/domains/ask?domain=` (Caddy's on-demand TLS `ask`). */
export const DomainAskQuerySchema = z.object({ domain: domainParam });
/** Only the name: the ask is unsigned, so it says whether we serve a name and nothing about whose it is. */
export const DomainAskResultSchema = z.object({ domain: z.string() });

/** `POST /internal/domains/certificate`: the edge (or a drill) reports the certificate it holds for a domain. */
export const DomainCertificateReportSchema = z.object({ domain: domainParam });

export const DeletedDomainSchema = z.object({ domain: z.string() });
