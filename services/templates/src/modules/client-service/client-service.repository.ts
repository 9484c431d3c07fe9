import type { DataSource, EntityManager } from 'typeorm';
import { LOCK_MODES, ServiceRepository } from '@hap/service-kit';
import { ClientServiceEntity } from './client-service.entity';

/** Queries on templates.client_services; pass a manager to run inside a transaction. */
export class ClientServiceRepository extends ServiceRepository<ClientServiceEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ClientServiceEntity);
  }

  /** A client's services in the order they were added; `isActive` filters. */
  listByClient(clientId: number, isActive?: boolean, manager?: EntityManager): Promise<ClientServiceEntity[]> {
    return this.repo(manager).find({
      where: isActive === undefined ? { clientId } : { clientId, isActive },
      order: { id: 'ASC' },
    });
  }

  findByClientAndTemplate(clientId: number, templateId: number, manager?: EntityManager, lock = false): Promise<ClientServiceEntity | null> {
    return this.repo(manager).findOne({
      where: { clientId, templateId },
      ...(lock && manager ? { lock: { mode: LOCK_MODES.update } } : {}),
    });
  }
}
