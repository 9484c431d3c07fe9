import type { DataSource, EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import { LOCK_MODES, type WriteIntent } from './locks';

/** Values a write may set on an entity (everything but its id and timestamps). */
export type EntityValues<E> = Partial<Omit<E, 'id' | 'createdAt' | 'updatedAt'>>;

/**
 * Queries every entity with a numeric `id` needs. Each method takes an
 * optional EntityManager, so a service can run it inside its transaction;
 * subclasses add their own queries.
 */
export class ServiceRepository<E extends ObjectLiteral & { id: number }> {
  constructor(
    protected readonly dataSource: DataSource,
    private readonly entity: EntityTarget<E>,
  ) {}

  protected repo(manager?: EntityManager): Repository<E> {
    return (manager ?? this.dataSource.manager).getRepository(this.entity);
  }

  private byId(id: number): FindOptionsWhere<E> {
    return { id } as FindOptionsWhere<E>;
  }

  findById(id: number, manager?: EntityManager): Promise<E | null> {
    return this.repo(manager).findOneBy(this.byId(id));
  }

  /**
   * The row, locked until `manager`'s transaction ends (see LOCK_MODES), so
   * writes to the same row take turns. One deleted meanwhile reads as null.
   */
  findByIdForWrite(id: number, manager: EntityManager, intent: WriteIntent): Promise<E | null> {
    return this.repo(manager).findOne({ where: this.byId(id), lock: { mode: LOCK_MODES[intent] } });
  }

  exists(id: number, manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).existsBy(this.byId(id));
  }

  /** Inserts and reads the row back, so database defaults are in the result. */
  async insert(values: EntityValues<E>, manager?: EntityManager): Promise<E> {
    const result = await this.repo(manager).insert(values as never);
    const id = (result.identifiers[0] as { id: number }).id;
    return this.repo(manager).findOneByOrFail(this.byId(id));
  }

  /** Updates (bumping updated_at) and reads the row back. */
  async update(id: number, values: EntityValues<E>, manager?: EntityManager): Promise<E> {
    await this.repo(manager).update(this.byId(id), values as never);
    return this.repo(manager).findOneByOrFail(this.byId(id));
  }

  async delete(id: number, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).delete(this.byId(id));
    return (result.affected ?? 0) > 0;
  }
}
