import type { DataSource } from 'typeorm';
import type { QueueHandlers } from '@hap/service-kit';
import type { GoHighLevel } from '@hap/service-kit/gohighlevel';
import type { CatalogueClient } from '../clients/catalogue.client';
import { ClientRepository } from '../modules/client/client.repository';
import { CrmProvisioning } from '../modules/crm/crm-provisioning';
import { createProvisionHandler } from '../modules/crm/provision.job';
import { ClientDomainService } from '../modules/custom-domain/client-domain.service';
import { DnsCheck, type EdgeTarget } from '../modules/custom-domain/dns-check';
import { createDomainCheckHandler, domainCheckScheduler } from '../modules/custom-domain/domain-check.job';
import type { JobQueue } from '@hap/service-kit';

const NO_EDGE: EdgeTarget = { host: null, ipv4: [], ipv6: [] };

export interface TenantJobDependencies {
  dataSource: DataSource;
  catalogue: CatalogueClient;
  crm: GoHighLevel | null;
  /** Custom domains' DNS checks: the check, the edge, and the queue the next check goes on. */
  domains?: { dns: DnsCheck; edge: EdgeTarget; platformHosts: string[]; queue: () => JobQueue<'tenant.domain-check'> };
}

/**
 * The tenant worker's job handlers: one per queue the contracts give tenant,
 * checked when the worker starts.
 */
export function createHandlers({ dataSource, catalogue, crm, domains }: TenantJobDependencies): QueueHandlers<'tenant'> {
  const clients = new ClientRepository(dataSource);
  // Without domain settings (tests of other queues) the check finds nothing and queues nothing.
  const clientDomains = new ClientDomainService(
    domains
      ? { dataSource, clients, dns: domains.dns, edge: domains.edge, platformHosts: domains.platformHosts, scheduler: domainCheckScheduler(domains.queue) }
      : { dataSource, clients, dns: new DnsCheck(NO_EDGE, { server: null, timeoutMs: 1000, tries: 1 }), edge: NO_EDGE, platformHosts: [], scheduler: null },
  );
  return {
    'tenant.domain-check': createDomainCheckHandler(clientDomains),
    'tenant.provision': createProvisionHandler(new CrmProvisioning(dataSource, new ClientRepository(dataSource), catalogue, crm)),
  };
}
