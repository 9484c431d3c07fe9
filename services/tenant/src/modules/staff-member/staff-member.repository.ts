import type { DataSource, EntityManager } from 'typeorm';
import { LOCK_MODES, type WriteIntent } from '../../shared/locks';
import { StaffMemberEntity } from './staff-member.entity';

export type StaffMemberValues = Partial<Omit<StaffMemberEntity, 'id' | 'createdAt'>>;

/** Queries on tenant.staff_members; pass a manager to run inside a transaction. */
export class StaffMemberRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(StaffMemberEntity);
  }

  /** The team section's order: displayOrder, then id. */
  listByClient(clientId: number, manager?: EntityManager): Promise<StaffMemberEntity[]> {
    return this.repo(manager).find({ where: { clientId }, order: { displayOrder: 'ASC', id: 'ASC' } });
  }

  findById(id: number, manager?: EntityManager): Promise<StaffMemberEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  /**
   * The row, locked until `manager`'s transaction ends (see LOCK_MODES), so
   * writes to the same staff member take turns. One deleted meanwhile reads as null,
   * a 404 with the staff member's own message, never a failed read-back.
   */
  findByIdForWrite(id: number, manager: EntityManager, intent: WriteIntent): Promise<StaffMemberEntity | null> {
    return this.repo(manager).findOne({ where: { id }, lock: { mode: LOCK_MODES[intent] } });
  }

  async insert(values: StaffMemberValues, manager?: EntityManager): Promise<StaffMemberEntity> {
    const result = await this.repo(manager).insert(values);
    const id = (result.identifiers[0] as { id: number }).id;
    return this.repo(manager).findOneByOrFail({ id });
  }

  async update(id: number, values: StaffMemberValues, manager?: EntityManager): Promise<StaffMemberEntity> {
    await this.repo(manager).update({ id }, values);
    return this.repo(manager).findOneByOrFail({ id });
  }

  async delete(id: number, manager?: EntityManager): Promise<boolean> {
    const result = await this.repo(manager).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
