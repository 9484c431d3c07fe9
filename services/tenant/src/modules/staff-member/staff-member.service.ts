import type { DataSource } from 'typeorm';
import {
  Messages,
  type StaffMember,
  type StaffMemberCreate,
  type StaffMemberUpdate,
} from '@hap/contracts';
import { assertAdmin, auditedTransaction, notFound, type Actor } from '@hap/service-kit';
import { addUnderClinic } from '../client/clinic-rows';
import type { ClientRepository } from '../client/client.repository';
import type { StaffMemberEntity } from './staff-member.entity';
import type { StaffMemberRepository } from './staff-member.repository';

export function toStaffMemberDto(row: StaffMemberEntity): StaffMember {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    title: row.title,
    bio: row.bio,
    imagePath: row.imagePath,
    displayOrder: row.displayOrder,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The team shown on a client's pages (docs/admin.md#staff). */
export class StaffMemberService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly staff: StaffMemberRepository,
    private readonly clients: ClientRepository,
  ) {}

  async listForClient(clientId: number): Promise<StaffMember[]> {
    if (!(await this.clients.exists(clientId))) throw notFound(Messages.clientNotFound(clientId));
    return (await this.staff.listByClient(clientId)).map(toStaffMemberDto);
  }

  async create(actor: Actor, input: StaffMemberCreate): Promise<StaffMember> {
    assertAdmin(actor);
    return this.add(actor, input);
  }

  /** The insert path of every caller that may add a member (the admin, a clinic's owner for its own clinic); callers check access. */
  async add(actor: Actor, input: StaffMemberCreate): Promise<StaffMember> {
    return addUnderClinic(input.clientId, () =>
      auditedTransaction(this.dataSource, actor, async (manager) => {
        if (!(await this.clients.exists(input.clientId, manager))) throw notFound(Messages.clientNotFound(input.clientId));
        const dto = toStaffMemberDto(await this.staff.insert(input, manager));
        return { result: dto, audit: { action: 'create', entity: 'staff_member', entityId: dto.id, changes: { after: dto } } };
      }),
    );
  }

  async update(actor: Actor, id: number, input: StaffMemberUpdate): Promise<StaffMember> {
    assertAdmin(actor);
    return this.change(actor, id, input, null);
  }

  /**
   * The update path of every caller; `clinic` set (a clinic's owner): a
   * member of another clinic is 404, as one that does not exist. Callers check access.
   */
  async change(actor: Actor, id: number, input: StaffMemberUpdate, clinic: number | null): Promise<StaffMember> {
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const before = await this.staff.findByIdForWrite(id, manager, 'update');
      if (!before || (clinic !== null && before.clientId !== clinic)) throw notFound(Messages.staffMemberNotFound(id));
      const after = toStaffMemberDto(await this.staff.update(id, input, manager));
      return {
        result: after,
        audit: {
          action: 'update',
          entity: 'staff_member',
          entityId: id,
          changes: { before: toStaffMemberDto(before), after },
        },
      };
    });
  }

  async remove(actor: Actor, id: number): Promise<{ id: number }> {
    assertAdmin(actor);
    return this.removeOf(actor, id, null);
  }

  /** The delete path of every caller; `clinic` as in change(). Callers check access. */
  async removeOf(actor: Actor, id: number, clinic: number | null): Promise<{ id: number }> {
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const before = await this.staff.findByIdForWrite(id, manager, 'delete');
      if (!before || (clinic !== null && before.clientId !== clinic) || !(await this.staff.delete(id, manager))) throw notFound(Messages.staffMemberNotFound(id));
      return {
        result: { id },
        audit: {
          action: 'delete',
          entity: 'staff_member',
          entityId: id,
          changes: { before: toStaffMemberDto(before) },
        },
      };
    });
  }
}
