import type { DataSource, EntityManager } from 'typeorm';
import { LOCK_MODES, type WriteIntent } from '../../shared/locks';
import { ClientEntity } from './client.entity';

export type ClientValues = Partial<Omit<ClientEntity, 'id' | 'createdAt' | 'updatedAt'>>;

/** Queries on tenant.clients; pass a manager to run inside a transaction. */
export class ClientRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(ClientEntity);
  }

  list(manager?: EntityManager): Promise<ClientEntity[]> {
    return this.repo(manager).find({ order: { id: 'ASC' } });
  }

  findById(id: number, manager?: EntityManager): Promise<ClientEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  /**
   * The row, locked until `manager`'s transaction ends (see LOCK_MODES), so
   * writes to the same client take turns. One deleted meanwhile reads as null,
   * a 404 with the client's own message, never a failed read-back.
   */
  findByIdForWrite(id: number, manager: EntityManager, intent: WriteIntent): Promise<ClientEntity | null> {
    return this.repo(manager).findOne({ where: { id }, lock: { mode: LOCK_MODES[intent] } });
  }

  exists(id: number, manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).existsBy({ id });
  }

  /** Inserts and reads the row back, so database defaults are in the result. */
  async insert(values: ClientValues, manager?: EntityManager): Promise<ClientEntity> {
    const result = await this.repo(manager).insert(values);
    const id = (result.identifiers[0] as { id: number }).id;
    return this.repo(manager).findOneByOrFail({ id });
  }

  /** Updates (bumping updated_at) and reads the row back. */
  async update(id: number, values: ClientValues, manager?: EntityManager): Promise<ClientEntity> {
    await this.repo(manager).update({ id }, values);
    return this.repo(manager).findOneByOrFail({ id });
  }

  async delete(id: number, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
