import type { EntityManager } from 'typeorm';
import { recordAudit, type AuditLogEntity, type AuditNames } from '@hap/service-kit';
import type { CampaignLaunchEntity } from './launch.entity';

/**
 * A launch's outcome in the Audit Log: when a launch ends
 * (launched, partial, policy review or failed, by the worker or because it
 * could not be queued), one entry on the same campaign_launch, in the
 * transaction that finishes it. It is written for the admin who launched,
 * with the request id and the names of the launch's own entry, so the log
 * reads "ana@agency.com · launched 'TRT Search' for Acme Clinic: partial".
 */
export async function recordLaunchOutcome(manager: EntityManager, row: CampaignLaunchEntity, started: AuditLogEntity | null): Promise<void> {
  const names: AuditNames = { ...started?.changes?.names, campaign: row.campaignName, account: row.customerId };
  await recordAudit(
    manager,
    {
      identity: { kind: 'admin', userId: started?.actorUserId ?? undefined, email: names.actor ?? row.launchedBy },
      requestId: started?.requestId ?? `launch-${row.id}`,
    },
    {
      action: 'update',
      entity: 'campaign_launch',
      entityId: row.id,
      changes: {
        after: {
          status: row.status,
          googleAdsCampaignId: row.googleAdsCampaignId,
          successfulAdGroups: row.successfulAdGroups,
          failedAdGroups: row.failedAdGroups,
          totalAdGroups: row.totalAdGroups,
          errorCode: row.errorCode,
          errorDetails: row.errorDetails,
        },
      },
      names,
    },
  );
}
