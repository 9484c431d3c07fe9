import type { DataSource } from 'typeorm';
import { Messages, type DomainMapping, type DomainMappingCreate } from '@hap/contracts';
import { assertAdmin, auditedTransaction, conflict, notFound, type Actor } from '@hap/service-kit';
import { addUnderClinic } from '../client/clinic-rows';
import type { ClientRepository } from '../client/client.repository';
import type { DomainMappingEntity } from './domain-mapping.entity';
import type { DomainMappingRepository } from './domain-mapping.repository';

export function toDomainMappingDto(row: DomainMappingEntity): DomainMapping {
  return {
    id: row.id,
    domain: row.domain,
    path: row.path,
    clientId: row.clientId,
    priority: row.priority,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Which production host shows which client (docs/public-site.md#choosing-the-clinic, docs/public-site.md#choosing-the-clinic). */
export class DomainMappingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mappings: DomainMappingRepository,
    private readonly clients: ClientRepository,
  ) {}

  async list(actor: Actor): Promise<DomainMapping[]> {
    assertAdmin(actor);
    return (await this.mappings.list()).map(toDomainMappingDto);
  }

  async create(actor: Actor, input: DomainMappingCreate): Promise<DomainMapping> {
    assertAdmin(actor);
    const taken = () => conflict(Messages.domainAlreadyMapped(input.domain, input.path));
    return addUnderClinic(
      input.clientId,
      () =>
        auditedTransaction(this.dataSource, actor, async (manager) => {
          if (!(await this.clients.exists(input.clientId, manager))) throw notFound(Messages.clientNotFound(input.clientId));
          if (await this.mappings.findByDomainAndPath(input.domain, input.path, manager)) throw taken();
          const dto = toDomainMappingDto(await this.mappings.insert(input, manager));
          return { result: dto, audit: { action: 'create', entity: 'domain_mapping', entityId: dto.id, changes: { after: dto } } };
        }),
      taken,
    );
  }

  async remove(actor: Actor, id: number): Promise<{ id: number }> {
    assertAdmin(actor);
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const before = await this.mappings.findById(id, manager);
      if (!before || !(await this.mappings.delete(id, manager))) throw notFound(Messages.domainMappingNotFound(id));
      return {
        result: { id },
        audit: {
          action: 'delete',
          entity: 'domain_mapping',
          entityId: id,
          changes: { before: toDomainMappingDto(before) },
        },
      };
    });
  }
}
