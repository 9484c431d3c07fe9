import type { DataSource } from 'typeorm';
import type { QueueHandlers } from '@hap/service-kit';
import type { GoHighLevel } from '@hap/service-kit/gohighlevel';
import type { CatalogueClient } from '../clients/catalogue.client';
import { ClientRepository } from '../modules/client/client.repository';
import { CrmProvisioning } from '../modules/crm/crm-provisioning';
import { createProvisionHandler } from '../modules/crm/provision.job';

export interface TenantJobDependencies {
  dataSource: DataSource;
  catalogue: CatalogueClient;
  crm: GoHighLevel | null;
}

/**
 * The tenant worker's job handlers: one per queue the contracts give tenant,
 * checked when the worker starts.
 */
export function createHandlers({ dataSource, catalogue, crm }: TenantJobDependencies): QueueHandlers<'tenant'> {
  return {
    'tenant.provision': createProvisionHandler(new CrmProvisioning(dataSource, new ClientRepository(dataSource), catalogue, crm)),
  };
}
