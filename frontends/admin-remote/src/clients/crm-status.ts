import type { Client } from '@hap/contracts';

export type CrmTone = 'success' | 'warning' | 'danger' | 'neutral';

export interface CrmBadge {
  label: string;
  tone: CrmTone;
  /** The sub-account's name, or why it failed or cannot run (GoHighLevel's words). */
  detail: string | null;
}

/**
 * Where a clinic's CRM sub-account stands, as its row shows it:
 * created (with the sub-account's name), being set up, failed (with
 * GoHighLevel's words), not configured, or none asked for yet.
 */
export function crmBadge(client: Pick<Client, 'ghlSubaccountId' | 'ghlSubaccountName' | 'crmStatus' | 'crmError'>): CrmBadge {
  switch (client.crmStatus) {
    case 'created':
      return { label: 'CRM ready', tone: 'success', detail: client.ghlSubaccountName ?? client.ghlSubaccountId };
    case 'pending':
      return { label: 'CRM setting up', tone: 'warning', detail: null };
    case 'failed':
      return { label: 'CRM failed', tone: 'danger', detail: client.crmError };
    case 'not_configured':
      return { label: 'CRM not configured', tone: 'neutral', detail: client.crmError };
    default:
      // An admin-added clinic or one made before sub-accounts were tracked.
      return client.ghlSubaccountId
        ? { label: 'CRM ready', tone: 'success', detail: client.ghlSubaccountName ?? client.ghlSubaccountId }
        : { label: 'No CRM account', tone: 'neutral', detail: null };
  }
}

/** A job that has not finished a sub-account in this long is taken to be stuck (a worker down): the admin may step in. */
export const CRM_PENDING_STUCK_MS = 10 * 60 * 1000;

/**
 * docs/admin.md#clients: Create CRM Account shows while the clinic has no
 * sub-account; also when one was made but setting it up failed (its
 * snapshots), so the admin can finish it. Not while a job is on it, unless
 * that job looks stuck.
 */
export function canCreateCrmAccount(client: Pick<Client, 'ghlSubaccountId' | 'crmStatus' | 'crmUpdatedAt'>, now: number = Date.now()): boolean {
  if (client.crmStatus === 'pending') {
    const since = client.crmUpdatedAt ? Date.parse(client.crmUpdatedAt) : Number.NaN;
    return Number.isNaN(since) || now - since >= CRM_PENDING_STUCK_MS;
  }
  return !client.ghlSubaccountId || client.crmStatus === 'failed';
}
