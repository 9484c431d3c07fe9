import { UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { QueueHandlers } from '@hap/service-kit';
import type { GoHighLevel } from '@hap/service-kit/gohighlevel';
import type { CatalogueClient } from '../clients/catalogue.client';
import { ClientRepository } from '../modules/client/client.repository';
import { CrmProvisioning, ProvisionError } from '../modules/crm/crm-provisioning';

export interface TenantJobDependencies {
  dataSource: DataSource;
  catalogue: CatalogueClient;
  crm: GoHighLevel | null;
}

/**
 * The tenant worker's job handlers, one per queue the contracts give tenant.
 * tenant.provision creates a clinic's CRM sub-account (CrmProvisioning): a
 * failure that waiting can mend (429, 5xx, the network, the catalogue) is
 * retried with the kit's backoff; one that cannot (GoHighLevel refusing the
 * request, the CRM not configured) ends the job at once, visible on the clinic.
 */
export function createHandlers({ dataSource, catalogue, crm }: TenantJobDependencies): QueueHandlers<'tenant'> {
  const provisioning = new CrmProvisioning(dataSource, new ClientRepository(dataSource), catalogue, crm);
  return {
    'tenant.provision': async ({ clientId }, job) => {
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      try {
        return await provisioning.runJob({ identity: { kind: 'service', service: 'tenant' }, requestId: `job-${job.id ?? clientId}` }, clientId, final);
      } catch (err) {
        if (err instanceof ProvisionError && !err.retryable) {
          // Recorded on the clinic already; a not-configured CRM is not the job's failure.
          if (err.status === 503) return null;
          throw new UnrecoverableError(err.message);
        }
        throw err;
      }
    },
  };
}
