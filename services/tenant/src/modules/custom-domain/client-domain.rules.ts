import { CLIENT_SITE_DOMAIN_STATUSES, isVerifiedOrLater } from '@hap/contracts';
import type { ClientDomainEntity } from './client-domain.entity';

/*
 * A claim's states and the pace of its jobs (docs/domains.md#claims-proof-certificates-and-health).
 */

/** The job's pace: 1 minute, then doubling, at most an hour apart, for 72 hours from the claim. */
export const checkDelayMs = (check: number): number => Math.min(60_000 * 2 ** Math.max(0, check - 1), 60 * 60_000);

/** The certificate step's pace: at once, then 15 s doubling, at most 30 minutes apart, for 6 hours from verification. */
export const certificateDelayMs = (attempt: number): number => (attempt <= 1 ? 0 : Math.min(15_000 * 2 ** (attempt - 2), 30 * 60_000));

/** A health check run from the re-check button answers within the gateway's wait (10 s): each probe gets this long. */
export const MANUAL_PROBE_TIMEOUT_MS = 8_000;

/** The clinic's live domain among its claims: a certificate, active or failing, the newest certificate first (as `GET /internal/clients/:id/site`). */
export function liveDomainOf(rows: readonly ClientDomainEntity[]): string | null {
  const live = rows
    .filter((r) => r.certificateAt !== null && (CLIENT_SITE_DOMAIN_STATUSES as readonly string[]).includes(r.status))
    .sort((a, b) => b.certificateAt!.getTime() - a.certificateAt!.getTime() || b.id - a.id);
  return live[0]?.domain ?? null;
}

/** A failing domain that had been active: its pages are still served (mapping kept), it is health-checked to recover, and its name stays its clinic's. */
export const wasActive = (row: ClientDomainEntity): boolean => row.status === 'failing' && row.activatedAt !== null;
/** Active, or failing after being active: what the daily health check covers. */
export const isHealthChecked = (row: ClientDomainEntity): boolean => row.status === 'active' || wasActive(row);
/** The name is this clinic's: nobody else may claim or verify it (the partial unique index says the same). */
export const holdsName = (row: ClientDomainEntity): boolean => isVerifiedOrLater(row.status) || wasActive(row);
