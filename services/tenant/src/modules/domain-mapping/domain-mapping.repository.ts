import type { DataSource, EntityManager } from 'typeorm';
import { DomainMappingEntity } from './domain-mapping.entity';

export type DomainMappingValues = Omit<DomainMappingEntity, 'id' | 'createdAt'>;

/** Queries on tenant.domain_mappings; pass a manager to run inside a transaction. */
export class DomainMappingRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(DomainMappingEntity);
  }

  list(manager?: EntityManager): Promise<DomainMappingEntity[]> {
    return this.repo(manager).find({ order: { id: 'ASC' } });
  }

  /** Active mappings of one (already normalised) host. */
  activeForDomain(domain: string, manager?: EntityManager): Promise<DomainMappingEntity[]> {
    return this.repo(manager).find({ where: { domain, isActive: true }, order: { id: 'ASC' } });
  }

  findById(id: number, manager?: EntityManager): Promise<DomainMappingEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  findByDomainAndPath(domain: string, path: string, manager?: EntityManager): Promise<DomainMappingEntity | null> {
    return this.repo(manager).findOneBy({ domain, path });
  }

  async insert(values: DomainMappingValues, manager?: EntityManager): Promise<DomainMappingEntity> {
    const result = await this.repo(manager).insert(values);
    const id = (result.identifiers[0] as { id: number }).id;
    return this.repo(manager).findOneByOrFail({ id });
  }

  async delete(id: number, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
