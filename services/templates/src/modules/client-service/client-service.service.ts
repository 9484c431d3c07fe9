import type { DataSource, EntityManager } from 'typeorm';
import {
  Messages,
  type ActivateTemplate,
  type ActiveTemplate,
  type ClientService,
  type ClientServiceCreate,
  type ClientServiceSummary,
  type ClientServiceUpdate,
  type PageMove,
  type NamedService,
} from '@hap/contracts';
import {
  assertAdmin,
  auditedTransaction,
  conflict,
  forbidden,
  isPrivileged,
  isUniqueViolation,
  notFound,
  recordAudit,
  type Actor,
  type AuditEntry,
} from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import type { ServiceTemplateEntity } from '../catalogue/catalogue.entity';
import type { ServiceTemplateRepository } from '../catalogue/catalogue.repository';
import { toActiveTemplateDto, toClientServiceDto, toClientServiceSummary } from './client-service.dto';
import type { ClientServiceEntity } from './client-service.entity';
import type { ClientServiceRepository } from './client-service.repository';
import type { PagePathService } from '../page-path/page-path.service';
import type { RolloutService } from '../rollout/rollout.service';

/** Concurrent writes that pass the checks still meet the unique indexes: mapped to the checks' sentences. */
export function rethrowUniqueViolation(err: unknown, customPath: string | null | undefined): never {
  if (isUniqueViolation(err)) {
    const constraint = (err as { driverError?: { constraint?: string } }).driverError?.constraint;
    if (constraint === 'client_services_client_path_key') throw conflict(Messages.clientServicePathTaken(customPath ?? ''));
    throw conflict(Messages.clientServiceExists);
  }
  throw err;
}

/** A client service with its template (every service has one: template_id is a foreign key). */
export interface ServiceWithTemplate {
  service: ClientServiceEntity;
  template: ServiceTemplateEntity;
}

/** auditedTransaction for writes that may turn out to change nothing (then no audit row). */
function writeIfNeeded<T>(dataSource: DataSource, actor: Actor, work: (manager: EntityManager) => Promise<{ result: T; audit: AuditEntry | null }>): Promise<T> {
  return dataSource.transaction(async (manager) => {
    const { result, audit } = await work(manager);
    if (audit) await recordAudit(manager, actor, audit);
    return result;
  });
}

type ListAnswer = { projection: 'admin'; data: ClientService[] } | { projection: 'public'; data: ClientServiceSummary[] };

/** Each client's services: activation, custom content, and the lists pages and admins read. */
export class ClientServiceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly services: ClientServiceRepository,
    private readonly templates: ServiceTemplateRepository,
    private readonly tenant: TenantClient,
  ) {}

  /** Page paths (docs/admin.md#page-paths); wired by app.ts. */
  private pagePaths: PagePathService | null = null;

  usePagePaths(pagePaths: PagePathService): void {
    this.pagePaths = pagePaths;
  }

  /** Template versions (docs/template-rollout.md#versions); wired by app.ts. Without it, every page shows its template's latest. */
  private versions: Pick<RolloutService, 'withShownVersions'> | null = null;

  useVersions(versions: Pick<RolloutService, 'withShownVersions'>): void {
    this.versions = versions;
  }

  /** Asks first (409) when an active service that running campaigns point to is deactivated (docs/admin.md#page-paths). */
  async assertDeactivationAsked(actor: Actor, id: number, isActive: boolean | undefined, confirmed: boolean | undefined, field: string): Promise<void> {
    if (isActive !== false || confirmed || !this.pagePaths) return;
    const current = await this.services.findById(id);
    if (current) await this.pagePaths.assertDeactivationAsked(actor, current, false, field);
  }

  /** After a change committed: running campaigns follow the page's new path (docs/admin.md#page-paths). */
  async moveCampaigns(actor: Actor, moves: PageMove[]): Promise<void> {
    await this.pagePaths?.moveCampaigns(actor, moves);
  }

  /** Inside a change's transaction: the paths the service no longer answers at are kept as its former paths. */
  async servicePathsChanged(
    before: { service: ClientServiceEntity; template: ServiceTemplateEntity },
    after: { service: ClientServiceEntity; template: ServiceTemplateEntity },
    manager: EntityManager,
  ): Promise<PageMove[]> {
    return this.pagePaths ? this.pagePaths.serviceChanged(before, after, manager) : [];
  }

  /**
   * What an audit entry about one of a clinic's services names (shared AuditNames): the service
   * as shown (its custom title, else its template's name) and the clinic's name, asked of tenant
   * (the clinic lives there); a name that cannot be read now is left out, never a failed write.
   */
  async auditNames(clientServiceId: number, requestId?: string): Promise<{ client?: string; service?: string }> {
    const row = await this.services.findById(clientServiceId);
    if (!row) return {};
    const [template] = await this.templates.findByIds([row.templateId]);
    const clinic = await this.tenant.publicClient(row.clientId, requestId).then(
      (c) => c.name,
      () => undefined,
    );
    return { client: clinic, service: row.customTitle ?? template?.name };
  }

  /** Services' names by id, active or not, for our services only (leads' results name every clinic's services at once). */
  async names(actor: Actor, ids: readonly number[]): Promise<NamedService[]> {
    if (!isPrivileged(actor.identity)) throw forbidden('Only our services may read services’ names in bulk.');
    const rows = await this.services.findManyByIds(ids);
    const templates = new Map((await this.templates.findByIds([...new Set(rows.map((r) => r.templateId))])).map((t) => [t.id, t]));
    return rows.map((row) => {
      const templateName = templates.get(row.templateId)?.name ?? `Template ${row.templateId}`;
      return { id: row.id, clientId: row.clientId, name: row.customTitle ?? templateName, templateId: row.templateId, templateName };
    });
  }

  /** A client's services with their templates; non-privileged callers see only active ones. */
  async withTemplates(clientId: number, actor: Actor, isActive?: boolean, manager?: EntityManager): Promise<ServiceWithTemplate[]> {
    const filter = isPrivileged(actor.identity) ? isActive : true;
    const rows = await this.services.listByClient(clientId, filter, manager);
    const templates = new Map((await this.templates.findByIds([...new Set(rows.map((r) => r.templateId))], manager)).map((t) => [t.id, t]));
    const found = rows.flatMap((service) => {
      const template = templates.get(service.templateId);
      return template ? [{ service, template }] : [];
    });
    return this.versions ? this.versions.withShownVersions(found) : found;
  }

  async list(actor: Actor, clientId: number, isActive?: boolean): Promise<ListAnswer> {
    const dtos = (await this.withTemplates(clientId, actor, isActive)).map(({ service, template }) => toClientServiceDto(service, template));
    return isPrivileged(actor.identity) ? { projection: 'admin', data: dtos } : { projection: 'public', data: dtos.map(toClientServiceSummary) };
  }

  async listActiveTemplates(clientId: number): Promise<ActiveTemplate[]> {
    const rows = await this.services.listByClient(clientId, true);
    const [templates, placements] = await Promise.all([
      this.templates.findByIds([...new Set(rows.map((r) => r.templateId))]),
      this.templates.placements(),
    ]);
    const byId = new Map(templates.map((t) => [t.id, t]));
    return rows.flatMap((row) => {
      const template = byId.get(row.templateId);
      return template ? [toActiveTemplateDto(row, template, placements.get(template.subcategoryId))] : [];
    });
  }

  async templateOrFail(templateId: number, manager: EntityManager): Promise<ServiceTemplateEntity> {
    const template = await this.templates.findById(templateId, manager);
    if (!template) throw notFound(Messages.serviceTemplateNotFound(templateId));
    return template;
  }

  async assertPathFree(clientId: number, path: string | null | undefined, exceptId: number | null, manager: EntityManager): Promise<void> {
    if (path && (await this.services.pathTaken(clientId, path, exceptId, manager))) throw conflict(Messages.clientServicePathTaken(path));
  }

  /** Concurrent writes that pass the checks still meet the unique indexes: mapped to the same sentences. */
  private rethrow(err: unknown, customPath: string | null | undefined): never {
    return rethrowUniqueViolation(err, customPath);
  }

  async create(actor: Actor, { confirmRunningCampaigns: _nothingToConfirm, ...input }: ClientServiceCreate): Promise<ClientService> {
    assertAdmin(actor);
    // Asked before the transaction: no row lock is held while tenant answers.
    await this.tenant.assertClientExists(input.clientId, actor.requestId);
    try {
      return await auditedTransaction(this.dataSource, actor, async (manager) => {
        const template = await this.templateOrFail(input.templateId, manager);
        if (await this.services.findByClientAndTemplate(input.clientId, input.templateId, manager)) throw conflict(Messages.clientServiceExists);
        await this.assertPathFree(input.clientId, input.customPath, null, manager);
        const dto = toClientServiceDto(await this.services.insert(input, manager), template);
        return { result: dto, audit: { action: 'create', entity: 'client_service', entityId: dto.id, changes: { after: dto } } };
      });
    } catch (err) {
      return this.rethrow(err, input.customPath);
    }
  }

  async update(actor: Actor, id: number, { confirmRunningCampaigns, ...input }: ClientServiceUpdate): Promise<ClientService> {
    assertAdmin(actor);
    await this.assertDeactivationAsked(actor, id, input.isActive, confirmRunningCampaigns, 'confirmRunningCampaigns');
    let moves: PageMove[] = [];
    try {
      const updated = await auditedTransaction(this.dataSource, actor, async (manager) => {
        const before = await this.services.findByIdForWrite(id, manager, 'update');
        if (!before) throw notFound(Messages.clientServiceNotFound(id));
        const template = await this.templateOrFail(before.templateId, manager);
        await this.assertPathFree(before.clientId, input.customPath, id, manager);
        const beforeDto = toClientServiceDto(before, template);
        const row = await this.services.update(id, input, manager);
        moves = await this.servicePathsChanged({ service: before, template }, { service: row, template }, manager);
        const after = toClientServiceDto(row, template);
        return {
          result: after,
          audit: { action: 'update', entity: 'client_service', entityId: id, changes: { before: beforeDto, after } },
        };
      });
      await this.moveCampaigns(actor, moves);
      return updated;
    } catch (err) {
      return this.rethrow(err, input.customPath);
    }
  }

  /** Activates a template for a client; an active one is answered as it is, with no write. */
  async activate(actor: Actor, input: ActivateTemplate): Promise<{ clientService: ClientService; alreadyActive: boolean }> {
    assertAdmin(actor);
    await this.tenant.assertClientExists(input.clientId, actor.requestId);
    const attempt = () => writeIfNeeded(this.dataSource, actor, (manager) => this.activateIn(manager, input));
    try {
      return await attempt();
    } catch (err) {
      // Two activations raced and the other inserted first: it is active now.
      if (isUniqueViolation(err)) return attempt();
      throw err;
    }
  }

  /**
   * Activates several of a clinic's templates in one transaction (a sign-up's chosen services: its pages
   * appear together, never some before the others), each audited; a template that no longer exists is
   * skipped. Answers which were activated (not those already active) and which were skipped.
   */
  async activateAll(actor: Actor, clientId: number, templateIds: readonly number[]): Promise<{ activated: number[]; skipped: number[] }> {
    assertAdmin(actor);
    await this.tenant.assertClientExists(clientId, actor.requestId);
    const attempt = () =>
      this.dataSource.transaction(async (manager) => {
        const activated: number[] = [];
        const skipped: number[] = [];
        for (const templateId of templateIds) {
          if (!(await this.templates.findById(templateId, manager))) {
            skipped.push(templateId);
            continue;
          }
          const { result, audit } = await this.activateIn(manager, { clientId, templateId });
          if (audit) await recordAudit(manager, actor, audit);
          if (!result.alreadyActive) activated.push(templateId);
        }
        return { activated, skipped };
      });
    try {
      return await attempt();
    } catch (err) {
      // An activation raced this one and inserted first: it is active now, and the whole set is tried again.
      if (isUniqueViolation(err)) return attempt();
      throw err;
    }
  }

  /** One template's activation inside `manager`'s transaction, and its audit entry (none when it was active). */
  private async activateIn(manager: EntityManager, input: ActivateTemplate): Promise<{ result: { clientService: ClientService; alreadyActive: boolean }; audit: AuditEntry | null }> {
    const template = await this.templateOrFail(input.templateId, manager);
    const existing = await this.services.findByClientAndTemplate(input.clientId, input.templateId, manager, true);
    if (existing?.isActive) {
      return { result: { clientService: toClientServiceDto(existing, template), alreadyActive: true }, audit: null };
    }
    if (existing) {
      const after = toClientServiceDto(await this.services.update(existing.id, { isActive: true, activatedAt: new Date() }, manager), template);
      return {
        result: { clientService: after, alreadyActive: false },
        audit: { action: 'update' as const, entity: 'client_service', entityId: existing.id, changes: { before: { isActive: false }, after: { isActive: true } } },
      };
    }
    const created = toClientServiceDto(await this.services.insert({ clientId: input.clientId, templateId: input.templateId, isActive: true }, manager), template);
    return {
      result: { clientService: created, alreadyActive: false },
      audit: { action: 'create' as const, entity: 'client_service', entityId: created.id, changes: { after: created } },
    };
  }

  /** Deactivates a client's template; its custom content stays for a later activation. */
  async deactivate(actor: Actor, clientId: number, templateId: number, confirmed = false): Promise<{ clientId: number; templateId: number; deactivated: boolean }> {
    assertAdmin(actor);
    const current = await this.services.findByClientAndTemplate(clientId, templateId);
    if (current && this.pagePaths) await this.pagePaths.assertDeactivationAsked(actor, current, confirmed, 'confirm');
    return writeIfNeeded<{ clientId: number; templateId: number; deactivated: boolean }>(this.dataSource, actor, async (manager) => {
      const existing = await this.services.findByClientAndTemplate(clientId, templateId, manager, true);
      if (!existing?.isActive) return { result: { clientId, templateId, deactivated: false }, audit: null };
      await this.services.update(existing.id, { isActive: false }, manager);
      return {
        result: { clientId, templateId, deactivated: true },
        audit: { action: 'update' as const, entity: 'client_service', entityId: existing.id, changes: { before: { isActive: true }, after: { isActive: false } } },
      };
    });
  }
}
