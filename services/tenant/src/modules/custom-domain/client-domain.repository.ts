import { In, IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { CLIENT_SITE_DOMAIN_STATUSES, VERIFIED_OR_LATER } from '@hap/contracts';
import { ServiceRepository, type EntityValues } from '@hap/service-kit';
import { ClientDomainEntity } from './client-domain.entity';

const FOR_WRITE = { mode: 'pessimistic_write' } as const;

/** Queries on tenant.client_domains; pass a manager to run inside a transaction. */
export class ClientDomainRepository extends ServiceRepository<ClientDomainEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ClientDomainEntity);
  }

  /** The row, locked (FOR UPDATE) until `manager`'s transaction ends. */
  lockedById(id: number, manager: EntityManager): Promise<ClientDomainEntity | null> {
    return this.repo(manager).findOne({ where: { id }, lock: FOR_WRITE });
  }

  /** A clinic's claim on a domain (stored form); locked when `lock` and a manager are given. */
  claimOf(clientId: number, domain: string, manager?: EntityManager, lock = false): Promise<ClientDomainEntity | null> {
    return this.repo(manager).findOne({ where: { clientId, domain }, ...(manager && lock && { lock: FOR_WRITE }) });
  }

  /** Every clinic's claims on a domain; locked when `lock`. */
  claimsOn(domain: string, manager?: EntityManager, lock = false): Promise<ClientDomainEntity[]> {
    return this.repo(manager).find({ where: { domain }, ...(manager && lock && { lock: FOR_WRITE }) });
  }

  ofClients(clientIds: readonly number[], manager?: EntityManager): Promise<ClientDomainEntity[]> {
    return this.repo(manager).find({ where: { clientId: In([...clientIds]) }, order: { id: 'ASC' } });
  }

  countOf(clientId: number, manager?: EntityManager): Promise<number> {
    return this.repo(manager).countBy({ clientId });
  }

  insertClaim(values: Partial<Omit<ClientDomainEntity, 'id'>>, manager: EntityManager): Promise<ClientDomainEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create(values));
  }

  save(row: ClientDomainEntity, manager?: EntityManager): Promise<ClientDomainEntity> {
    return this.repo(manager).save(row);
  }

  /** Sets fields without reading the row back. */
  async patch(id: number, values: EntityValues<ClientDomainEntity>, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, values);
  }

  /** The row the edge may serve for a name: verified or later, or failing after being active. */
  served(domain: string): Promise<ClientDomainEntity | null> {
    return this.repo().findOne({
      where: [
        { domain, status: In([...VERIFIED_OR_LATER]) },
        { domain, status: 'failing', activatedAt: Not(IsNull()) },
      ],
    });
  }

  /** Active domains and failing ones that had been active, by id. */
  async healthCheckedIds(): Promise<number[]> {
    const rows = await this.repo().find({
      select: { id: true },
      where: [{ status: 'active' }, { status: 'failing', activatedAt: Not(IsNull()) }],
      order: { id: 'ASC' },
    });
    return rows.map((r) => r.id);
  }

  /** The clinic's live domain: a certificate, active or failing, the newest certificate first. */
  liveSite(clientId: number): Promise<ClientDomainEntity | null> {
    return this.repo().findOne({
      where: { clientId, certificateAt: Not(IsNull()), status: In([...CLIENT_SITE_DOMAIN_STATUSES]) },
      order: { certificateAt: 'DESC', id: 'DESC' },
    });
  }
}
