import type { DataSource } from 'typeorm';
import { Messages, type ClientSite, type ClientSiteDomain } from '@hap/contracts';
import { BACKEND_SERVICES, forbidden, notFound, type Actor } from '@hap/service-kit';
import type { ClientRepository } from '../client/client.repository';
import type { ClientDomainEntity } from './client-domain.entity';
import { ClientDomainRepository } from './client-domain.repository';

/**
 * Where a clinic's site is, for the other services (ads
 * builds landing and final URLs from it): the clinic's own domain, being the
 * one the edge holds a certificate for that is active or failing (the daily
 * health check moves it between the two, keeping its host mapping), the
 * newest certificate first; null while it has none (its pages are on the
 * platform's host by `?client=`). Kept apart from ClientDomainService: a read
 * of the table, no writes.
 */
export class ClientSiteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientRepository,
  ) {}

  async site(actor: Actor, clientId: number): Promise<ClientSite> {
    const { identity } = actor;
    if (identity.kind !== 'service' || !BACKEND_SERVICES.has(identity.service ?? '')) {
      throw forbidden("Only the platform's backend services may read where a clinic's site is.");
    }
    if (!(await this.clients.exists(clientId))) throw notFound(Messages.clientNotFound(clientId));
    const row = await new ClientDomainRepository(this.dataSource).liveSite(clientId);
    return { clientId, domain: row ? toSiteDomain(row) : null };
  }
}

function toSiteDomain(row: ClientDomainEntity): ClientSiteDomain {
  const status = row.status === 'failing' ? 'failing' : 'active';
  return { domain: row.domain, status, reason: status === 'failing' ? row.reason : null };
}
