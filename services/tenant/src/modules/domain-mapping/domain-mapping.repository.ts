import type { DataSource, EntityManager } from 'typeorm';
import { ServiceRepository } from '@hap/service-kit';
import { DomainMappingEntity } from './domain-mapping.entity';

/** Queries on tenant.domain_mappings; pass a manager to run inside a transaction. */
export class DomainMappingRepository extends ServiceRepository<DomainMappingEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, DomainMappingEntity);
  }

  list(manager?: EntityManager): Promise<DomainMappingEntity[]> {
    return this.repo(manager).find({ order: { id: 'ASC' } });
  }

  /** Active mappings of one (already normalised) host. */
  activeForDomain(domain: string, manager?: EntityManager): Promise<DomainMappingEntity[]> {
    return this.repo(manager).find({ where: { domain, isActive: true }, order: { id: 'ASC' } });
  }

  findByDomainAndPath(domain: string, path: string, manager?: EntityManager): Promise<DomainMappingEntity | null> {
    return this.repo(manager).findOneBy({ domain, path });
  }
}
