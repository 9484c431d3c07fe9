import type { Client } from '@hap/contracts';

/**
 * How the clinic's site address stands, beside Edit Client's Domain field:
 * the field and the Domains screen are one fact (tenant README, *Custom
 * domains*): setting the field starts a claim, whose status is said here in
 * words, with the way to the Domains screen where its DNS records are.
 */
export interface DomainClaimView {
  label: string;
  badge: string;
  text: string;
}

export function domainClaimView(client: Pick<Client, 'domain' | 'domainClaim' | 'siteDomain'>): DomainClaimView | null {
  if (!client.domain) return null;
  const claim = client.domainClaim;
  if (!claim) {
    return {
      label: 'Not claimed',
      badge: 'adm-badge adm-badge--neutral',
      text: client.siteDomain
        ? `Pages are live on ${client.siteDomain}. This address has no claim: add it on Domains to serve pages on it.`
        : 'No claim has proved this address yet, so pages are on the platform’s address. Add it on Domains to serve pages on it.',
    };
  }
  switch (claim.status) {
    case 'pending':
      return { label: 'Pending verification', badge: 'adm-badge adm-badge--warning', text: claim.reason ?? 'Waiting for its DNS records: Domains shows the records to set.' };
    case 'verified':
      return { label: 'Verified', badge: 'adm-badge adm-badge--success', text: 'Its DNS records are in place; the certificate is being issued.' };
    case 'certificate_issued':
      return { label: 'Certificate issued', badge: 'adm-badge adm-badge--success', text: 'The pages go live on it in a moment.' };
    case 'active':
      return { label: 'Active', badge: 'adm-badge adm-badge--success', text: 'The clinic’s pages are served on it over HTTPS.' };
    case 'failing':
      return { label: 'Failing', badge: 'adm-badge adm-badge--danger', text: claim.reason ?? 'This domain needs attention.' };
  }
}
