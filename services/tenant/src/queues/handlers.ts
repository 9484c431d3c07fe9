import { nameAuditEntries } from '@hap/service-kit';
import { tenantAuditNames } from '../modules/audit/audit-names.repository';
import type { DataSource } from 'typeorm';
import type { Mailer, QueueHandlers } from '@hap/service-kit';
import type { GoHighLevel } from '@hap/service-kit/gohighlevel';
import type { CatalogueReader } from '../modules/catalogue/catalogue.reader';
import { ClientRepository } from '../modules/client/client.repository';
import { createClientDeletedHandler } from '../modules/client-deletion/client-deletion.job';
import type { UploadStorage } from '../modules/upload/upload.storage';
import { CrmProvisioning } from '../modules/crm/crm-provisioning';
import { createProvisionHandler } from '../modules/crm/provision.job';
import { ClientDomainService, type EdgeProbing } from '../modules/custom-domain/client-domain.service';
import { DnsCheck, type EdgeTarget } from '../modules/custom-domain/dns-check';
import {
  createDomainCertificateHandler,
  createDomainCheckHandler,
  createDomainHealthHandler,
  createDomainHealthSweepHandler,
  domainCheckScheduler,
  type DomainQueueOf,
} from '../modules/custom-domain/domain-check.job';

const NO_EDGE: EdgeTarget = { host: null, ipv4: [], ipv6: [] };

export interface TenantJobDependencies {
  dataSource: DataSource;
  /** The catalogue templates keeps in Redis: provisioning's snapshot ids. */
  catalogue: CatalogueReader;
  crm: GoHighLevel | null;
  /** Where uploads live: a deleted clinic's files are removed there (absent: its job fails, nothing is pretended). */
  uploads?: UploadStorage | null;
  /**
   * Custom domains' jobs: the DNS check, the edge (DNS target; `probe`: its HTTPS, null when EDGE_TLS_ADDRESS
   * is unset), the queues the next jobs go on, and the mailer of failing domains' alerts.
   */
  domains?: {
    dns: DnsCheck;
    edge: EdgeTarget;
    platformHosts: string[];
    queue: DomainQueueOf;
    probe?: EdgeProbing | null;
    mailer?: Mailer | null;
    log?: { warn(obj: object, msg: string): void };
  };
}

/**
 * The tenant worker's job handlers: one per queue the contracts give tenant,
 * checked when the worker starts.
 */
export function createHandlers({ dataSource, catalogue, crm, uploads, domains }: TenantJobDependencies): QueueHandlers<'tenant'> {
  // The worker's audit entries (a domain turning active or failing, provisioning) name their clinic too.
  nameAuditEntries(dataSource, tenantAuditNames);
  const clients = new ClientRepository(dataSource);
  // Without domain settings (tests of other queues) the check finds nothing and queues nothing.
  const clientDomains = new ClientDomainService(
    domains
      ? {
          dataSource,
          clients,
          dns: domains.dns,
          edge: domains.edge,
          platformHosts: domains.platformHosts,
          scheduler: domainCheckScheduler(domains.queue),
          probe: domains.probe ?? null,
          mailer: domains.mailer ?? null,
          log: domains.log,
        }
      : { dataSource, clients, dns: new DnsCheck(NO_EDGE, { server: null, timeoutMs: 1000, tries: 1 }), edge: NO_EDGE, platformHosts: [], scheduler: null },
  );
  const noQueue: DomainQueueOf = () => {
    throw new Error('custom domains are not configured in this worker');
  };
  return {
    'tenant.domain-check': createDomainCheckHandler(clientDomains),
    'tenant.domain-certificate': createDomainCertificateHandler(clientDomains),
    'tenant.domain-health-sweep': createDomainHealthSweepHandler(clientDomains, domains?.queue ?? noQueue),
    'tenant.domain-health': createDomainHealthHandler(clientDomains),
    'tenant.client-deleted': createClientDeletedHandler(dataSource, uploads ?? null),
    'tenant.provision': createProvisionHandler(new CrmProvisioning(dataSource, new ClientRepository(dataSource), catalogue, crm)),
  };
}
