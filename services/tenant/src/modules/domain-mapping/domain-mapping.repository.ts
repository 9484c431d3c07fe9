import type { DataSource, EntityManager } from 'typeorm';
import { ServiceRepository, type EntityValues } from '@hap/service-kit';
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

  /** Removes a clinic's mapping of a host at path `/`. */
  async deleteRoot(domain: string, clientId: number, manager?: EntityManager): Promise<void> {
    await this.repo(manager).delete({ domain, path: '/', clientId });
  }

  /** Sets fields without reading the row back. */
  async patch(id: number, values: EntityValues<DomainMappingEntity>, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, values);
  }

  /** Inserts without reading the row back; answers its id. */
  async insertId(values: EntityValues<DomainMappingEntity>, manager?: EntityManager): Promise<number> {
    const { identifiers } = await this.repo(manager).insert(values);
    return Number(identifiers[0]?.id);
  }
}
