import type { DataSource, EntityManager } from 'typeorm';
import { ServiceRepository, type EntityValues } from '@hap/service-kit';
import { ClientEntity } from './client.entity';

export type ClientValues = EntityValues<ClientEntity>;

/** Queries on tenant.clients; pass a manager to run inside a transaction. */
export class ClientRepository extends ServiceRepository<ClientEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ClientEntity);
  }

  list(manager?: EntityManager): Promise<ClientEntity[]> {
    return this.repo(manager).find({ order: { id: 'ASC' } });
  }
}
