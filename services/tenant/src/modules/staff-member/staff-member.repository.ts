import type { DataSource, EntityManager } from 'typeorm';
import { ServiceRepository } from '@hap/service-kit';
import { StaffMemberEntity } from './staff-member.entity';

/** Queries on tenant.staff_members; pass a manager to run inside a transaction. */
export class StaffMemberRepository extends ServiceRepository<StaffMemberEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, StaffMemberEntity);
  }

  /** The team section's order: displayOrder, then id. */
  listByClient(clientId: number, manager?: EntityManager): Promise<StaffMemberEntity[]> {
    return this.repo(manager).find({ where: { clientId }, order: { displayOrder: 'ASC', id: 'ASC' } });
  }
}
