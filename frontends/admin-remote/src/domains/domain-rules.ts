import { ApiError, type CustomDomain, type CustomDomainStatus } from '@hap/contracts';

/** How often the Domains screen reads the list again while a domain waits for its DNS records. */
export const PENDING_REFETCH_MS = 5_000;

/** A status in words, its badge, and what it means for the clinic. */
export const STATUS_VIEW: Record<CustomDomainStatus, { label: string; badge: string; meaning: string }> = {
  pending: {
    label: 'Pending',
    badge: 'adm-badge adm-badge--warning',
    meaning: 'Waiting for the DNS records below. We check again on our own; Check now checks at once.',
  },
  verified: {
    label: 'Verified',
    badge: 'adm-badge adm-badge--success',
    meaning: 'The DNS records are in place. A certificate is issued the first time the domain is visited over HTTPS.',
  },
  certificate_issued: {
    label: 'Certificate issued',
    badge: 'adm-badge adm-badge--success',
    meaning: 'The certificate is issued; the pages go live on this domain in a moment.',
  },
  active: {
    label: 'Active',
    badge: 'adm-badge adm-badge--success',
    meaning: 'The clinic’s pages are served on this domain over HTTPS.',
  },
  failing: {
    label: 'Failing',
    badge: 'adm-badge adm-badge--danger',
    meaning: 'This domain needs attention.',
  },
};

/**
 * How a domain's card names it: as it reads (the Unicode form), its stored ASCII (punycode) form
 * beside it when that differs, and the API's warning for a name with letters beyond a–z (some look
 * like Latin ones: the person should check it is their clinic's name).
 */
export function nameViewOf(d: Pick<CustomDomain, 'domain' | 'unicode' | 'warning'>): { heading: string; ascii: string | null; warning: string | null } {
  return { heading: d.unicode || d.domain, ascii: d.unicode && d.unicode !== d.domain ? d.domain : null, warning: d.warning };
}

/** The list is read again every few seconds while any domain is pending (it turns verified without a reload), else not. */
export const refetchIntervalOf = (domains: readonly Pick<CustomDomain, 'status'>[] | undefined): number | false =>
  domains?.some((d) => d.status === 'pending') ? PENDING_REFETCH_MS : false;

/** The API's answers to an add that belong at the domain field (the host name rules, taken, not configured); null: a toast. */
export function fieldErrorOf(error: unknown): string | null {
  if (error instanceof ApiError && [400, 409, 422, 503].includes(error.status)) return error.message;
  return null;
}

/** A check's outcome in words, for the toast after Check now. */
export function checkOutcomeOf(domain: Pick<CustomDomain, 'domain' | 'status' | 'reason'>): { title: string; description: string; failed: boolean } {
  if (domain.status === 'pending') return { title: 'Not verified yet', description: domain.reason ?? STATUS_VIEW.pending.meaning, failed: true };
  if (domain.status === 'failing') return { title: `${domain.domain} is failing`, description: domain.reason ?? STATUS_VIEW.failing.meaning, failed: true };
  return { title: `${domain.domain}: ${STATUS_VIEW[domain.status].label}`, description: STATUS_VIEW[domain.status].meaning, failed: false };
}

/** A time in the reader's locale, or the words for none. */
export const whenOf = (at: string | null, none: string): string => (at ? new Date(at).toLocaleString() : none);
