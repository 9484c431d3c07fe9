import type { DataSource } from 'typeorm';
import { Messages, type PageMove, type Service, type ServiceCreate, type ServiceUpdate } from '@hap/contracts';
import { assertAdmin, auditedTransaction, conflict, notFound, type Actor } from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import { serviceFormColumns, toServiceDto } from './client-service.dto';
import type { ClientServiceRepository } from './client-service.repository';
import { rethrowUniqueViolation, type ClientServiceService } from './client-service.service';

/**
 * The Services Management screen's writes (docs/admin.md#calls `POST /api/services`,
 * `PATCH /api/services/{id}`): the service form body stored as a client
 * service. Same rules as the editor's writes (one service per client and
 * template, a custom path unique per clinic, audited), plus the clinic must
 * exist in tenant.
 */
export class ServicePageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly services: ClientServiceRepository,
    private readonly clientServices: ClientServiceService,
    private readonly tenant: TenantClient,
  ) {}

  /** One service with the form's fields, for the Services Management dialog. */
  async get(actor: Actor, id: number): Promise<Service> {
    assertAdmin(actor);
    const row = await this.services.findById(id);
    if (!row) throw notFound(Messages.clientServiceNotFound(id));
    return toServiceDto(row, await this.clientServices.templateOrFail(row.templateId, this.dataSource.manager));
  }

  async create(actor: Actor, input: ServiceCreate): Promise<Service> {
    assertAdmin(actor);
    // Asked before the transaction: no row lock is held while tenant answers.
    await this.tenant.assertClientExists(input.clientId, actor.requestId);
    try {
      return await auditedTransaction(this.dataSource, actor, async (manager) => {
        const template = await this.clientServices.templateOrFail(input.templateId, manager);
        if (await this.services.findByClientAndTemplate(input.clientId, input.templateId, manager)) throw conflict(Messages.clientServiceExists);
        await this.clientServices.assertPathFree(input.clientId, input.path, null, manager);
        const dto = toServiceDto(await this.services.insert(serviceFormColumns(input), manager), template);
        return { result: dto, audit: { action: 'create', entity: 'client_service', entityId: dto.id, changes: { after: dto } } };
      });
    } catch (err) {
      return rethrowUniqueViolation(err, input.path);
    }
  }

  /**
   * Changes the fields sent. A clientId or templateId other than the
   * service's moves it: the clinic must exist in tenant (asked only then, so
   * saving an unchanged form does not depend on tenant), the new pair must be
   * free, and the path must be free in the clinic it ends up in.
   */
  async update(actor: Actor, id: number, input: ServiceUpdate): Promise<Service> {
    assertAdmin(actor);
    if (input.clientId !== undefined) {
      const current = await this.services.findById(id);
      if (current && current.clientId !== input.clientId) await this.tenant.assertClientExists(input.clientId, actor.requestId);
    }
    await this.clientServices.assertDeactivationAsked(actor, id, input.isActive, input.confirmRunningCampaigns, 'confirmRunningCampaigns');
    let moves: PageMove[] = [];
    try {
      const updated = await auditedTransaction(this.dataSource, actor, async (manager) => {
        const before = await this.services.findByIdForWrite(id, manager, 'update');
        if (!before) throw notFound(Messages.clientServiceNotFound(id));
        const clientId = input.clientId ?? before.clientId;
        const templateId = input.templateId ?? before.templateId;
        const template = await this.clientServices.templateOrFail(templateId, manager);
        if (clientId !== before.clientId || templateId !== before.templateId) {
          const other = await this.services.findByClientAndTemplate(clientId, templateId, manager);
          if (other && other.id !== id) throw conflict(Messages.clientServiceExists);
        }
        // A service moving to another clinic takes its path along: it must be free there too.
        const path = input.path !== undefined ? input.path : clientId !== before.clientId ? before.customPath : undefined;
        await this.clientServices.assertPathFree(clientId, path, id, manager);
        const beforeTemplate = templateId === before.templateId ? template : await this.clientServices.templateOrFail(before.templateId, manager);
        const beforeDto = toServiceDto(before, beforeTemplate);
        const row = await this.services.update(id, serviceFormColumns(input), manager);
        moves = await this.clientServices.servicePathsChanged({ service: before, template: beforeTemplate }, { service: row, template }, manager);
        const after = toServiceDto(row, template);
        return {
          result: after,
          audit: { action: 'update', entity: 'client_service', entityId: id, changes: { before: beforeDto, after } },
        };
      });
      await this.clientServices.moveCampaigns(actor, moves);
      return updated;
    } catch (err) {
      return rethrowUniqueViolation(err, input.path);
    }
  }
}
