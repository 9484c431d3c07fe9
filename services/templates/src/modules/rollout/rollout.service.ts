import { isDeepStrictEqual } from 'node:util';
import type { DataSource, EntityManager } from 'typeorm';
import {
  buildTemplateContent,
  ErrorCode,
  listItemsOf,
  mergeClinicLayer,
  overfullLists,
  changedSectionsOf,
  Messages,
  versionContentOf,
  type ClientServiceDiff,
  type ClinicLayer,
  type ConflictChoice,
  type TemplateClinics,
  type TemplatePush,
  type TemplatePushCreate,
  type TemplateVersions,
} from '@hap/contracts';
import { AppError, assertAdmin, auditedTransaction, conflict, notFound, recordAudit, type Actor, type JobQueue } from '@hap/service-kit';
import type { TenantClient } from '../../clients/tenant.client';
import { ServiceTemplateEntity } from '../catalogue/catalogue.entity';
import type { ServiceTemplateRepository } from '../catalogue/catalogue.repository';
import type { ClientServiceEntity } from '../client-service/client-service.entity';
import type { ClientServiceRepository } from '../client-service/client-service.repository';
import type { ServiceWithTemplate } from '../client-service/client-service.service';
import type { TemplatePushClinicEntity, TemplatePushEntity, TemplateVersionEntity } from './rollout.entity';
import type { RolloutRepository } from './rollout.repository';

/** The content fields a version holds, as service_templates stores them. */
const CONTENT_FIELDS = ['headline', 'description', 'metaDescription', 'offer', 'heroImage', 'benefits', 'symptoms', 'process', 'faqs', 'testimonials', 'beforeAfterImages'] as const;

/** A template row's content, as a version stores it. */
export const contentOfTemplate = (template: ServiceTemplateEntity): Record<string, unknown> =>
  Object.fromEntries(CONTENT_FIELDS.map((field) => [field, template[field] ?? null]));

/** The template as it was at a version: its row with the version's content. */
const templateAt = (template: ServiceTemplateEntity, version: TemplateVersionEntity | null): ServiceTemplateEntity =>
  version && version.number !== template.version ? Object.assign(new ServiceTemplateEntity(), template, version.content) : template;

const nonEmpty = <T>(items: T[]): T[] | null => (items.length ? items : null);

/** A clinic's changes of its template, as its service stores them (docs/template-rollout.md#merge-rules). */
export const layerOf = (service: ClientServiceEntity): ClinicLayer => ({
  headline: service.customHeadline,
  offer: service.customOffer,
  heroImage: service.heroBackgroundPath,
  benefits: nonEmpty(listItemsOf('benefits', service.customBenefits)),
  symptoms: nonEmpty(listItemsOf('symptoms', service.customSymptoms)),
  process: nonEmpty(listItemsOf('process', service.customProcess)),
  faqs: nonEmpty(listItemsOf('faqs', service.customFaqs)),
  beforeAfterImages: nonEmpty(listItemsOf('beforeAfterImages', service.beforeAfterImages)),
});

/** A layer as client_services columns. */
export const layerColumns = (layer: ClinicLayer): Partial<ClientServiceEntity> => ({
  customHeadline: layer.headline,
  customOffer: layer.offer,
  heroBackgroundPath: layer.heroImage,
  customBenefits: layer.benefits,
  customSymptoms: layer.symptoms,
  customProcess: layer.process,
  customFaqs: layer.faqs,
  beforeAfterImages: layer.beforeAfterImages,
});

/** The version a clinic's page shows: its own when pinned or when its template is staged, else the latest. */
export const shownVersionOf = (service: ClientServiceEntity, template: ServiceTemplateEntity): number =>
  service.versionPinned || template.rollout === 'staged' ? Math.min(service.templateVersion, template.version) : template.version;

/** Who made a version or asked for a push, as both store it: the user's id and the name shown (else the e-mail). */
const savedBy = (actor: Actor) => ({ createdBy: actor.identity.userId ?? null, createdByName: actor.identity.name ?? actor.identity.email ?? null });

/** Two layers say the same, whatever order their keys were stored in (jsonb sorts them). */
const sameLayer = (a: ClinicLayer, b: ClinicLayer) => isDeepStrictEqual(a, b);

const pushDto = (push: TemplatePushEntity, clinics: TemplatePushClinicEntity[]): TemplatePush => ({
  id: push.id,
  templateId: push.templateId,
  version: push.version,
  status: push.status,
  total: clinics.length,
  pushed: clinics.filter((c) => c.status === 'pushed' || c.status === 'rolled-back').length,
  failed: clinics.filter((c) => c.status === 'failed').length,
  error: push.error,
  createdBy: push.createdByName,
  createdAt: push.createdAt.toISOString(),
  updatedAt: push.updatedAt.toISOString(),
  clinics: clinics.map((c) => ({
    clientServiceId: c.clientServiceId,
    clientId: c.clientId,
    status: c.status,
    fromVersion: c.fromVersion,
    conflicts: c.conflicts,
    error: c.error,
    rolledBackAt: c.rolledBackAt?.toISOString() ?? null,
  })),
});

/**
 * Template rollout (docs/template-rollout.md): versions, each clinic's place among them, the diff of
 * a clinic against a version, pushes (run by the templates worker: runPush) and their rollbacks.
 */
export class RolloutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollout: RolloutRepository,
    private readonly templates: ServiceTemplateRepository,
    private readonly services: ClientServiceRepository,
    private readonly tenant: Pick<TenantClient, 'publicClient'>,
    /** Null where nothing can be queued (the worker itself): pushes are then only run, never asked for. */
    private readonly queue: JobQueue<'templates.push'> | null,
  ) {}

  /** Inside a template save's transaction: the save's version, numbered as the row now is. */
  async recordVersion(manager: EntityManager, actor: Actor, template: ServiceTemplateEntity, note: string | null | undefined): Promise<void> {
    await this.rollout.insertVersion(
      {
        templateId: template.id,
        number: template.version,
        content: contentOfTemplate(template),
        note: note ?? null,
        rollout: template.rollout,
        ...savedBy(actor),
      },
      manager,
    );
  }

  private async templateOrThrow(id: number): Promise<ServiceTemplateEntity> {
    const template = await this.templates.findById(id);
    if (!template) throw notFound(Messages.serviceTemplateNotFound(id));
    return template;
  }

  async versions(actor: Actor, templateId: number): Promise<TemplateVersions> {
    assertAdmin(actor);
    const template = await this.templateOrThrow(templateId);
    const [rows, counts] = await Promise.all([this.rollout.listVersions(templateId), this.rollout.clinicsByVersion(templateId)]);
    return {
      templateId,
      rollout: template.rollout,
      latest: template.version,
      versions: rows.map((v) => ({
        number: v.number,
        note: v.note,
        rollout: v.rollout,
        createdBy: v.createdByName,
        createdAt: v.createdAt.toISOString(),
        isLatest: v.number === template.version,
        clinics: counts.get(v.number) ?? 0,
      })),
    };
  }

  /** Versions of a template by number (each read once). */
  private async versionMap(templateId: number, numbers: readonly number[], manager?: EntityManager): Promise<Map<number, TemplateVersionEntity>> {
    return new Map((await this.rollout.findVersions(templateId, numbers, manager)).map((v) => [v.number, v]));
  }

  async clinics(actor: Actor, templateId: number): Promise<TemplateClinics> {
    assertAdmin(actor);
    const template = await this.templateOrThrow(templateId);
    const rows = await this.services.listByTemplate(templateId);
    const versions = await this.versionMap(templateId, rows.map((r) => r.templateVersion));
    const names = await this.clinicNames([...new Set(rows.map((r) => r.clientId))], actor.requestId);
    return {
      templateId,
      latest: template.version,
      clinics: rows.map((service) => {
        const base = versions.get(service.templateVersion);
        return {
          clientServiceId: service.id,
          clientId: service.clientId,
          clinicName: names.get(service.clientId) ?? null,
          isActive: service.isActive,
          version: service.templateVersion,
          pinned: service.versionPinned,
          behind: service.templateVersion < template.version,
          changed: base ? changedSectionsOf(versionContentOf(base.content), layerOf(service)) : [],
        };
      }),
    };
  }

  /** How many clinics' names are asked of tenant at once. */
  private static readonly NAMES_AT_ONCE = 10;

  /** Clinics' names as tenant has them, a few at a time; one tenant cannot give now is null. */
  private async clinicNames(clientIds: readonly number[], requestId: string): Promise<Map<number, string | null>> {
    const names = new Map<number, string | null>();
    for (let at = 0; at < clientIds.length; at += RolloutService.NAMES_AT_ONCE) {
      const batch = clientIds.slice(at, at + RolloutService.NAMES_AT_ONCE);
      const found = await Promise.all(batch.map((id) => this.tenant.publicClient(id, requestId).then((c) => c.name, () => null)));
      batch.forEach((id, i) => names.set(id, found[i] ?? null));
    }
    return names;
  }

  async diff(actor: Actor, clientServiceId: number, version?: number): Promise<ClientServiceDiff> {
    assertAdmin(actor);
    const service = await this.services.findById(clientServiceId);
    if (!service) throw notFound(Messages.clientServiceNotFound(clientServiceId));
    const template = await this.templateOrThrow(service.templateId);
    const to = version ?? template.version;
    const shown = shownVersionOf(service, template);
    const versions = await this.versionMap(template.id, [service.templateVersion, to, shown]);
    const [base, theirs] = [versions.get(service.templateVersion), versions.get(to)];
    if (!theirs) throw notFound(Messages.templateVersionNotFound(template.id, to));
    if (!base) throw notFound(Messages.templateVersionNotFound(template.id, service.templateVersion));
    const outcome = mergeClinicLayer(versionContentOf(base.content), versionContentOf(theirs.content), layerOf(service));
    const name = template.name;
    const at = templateAt(template, theirs);
    return {
      clientServiceId,
      clientId: service.clientId,
      templateId: template.id,
      fromVersion: service.templateVersion,
      toVersion: to,
      current: buildTemplateContent(templateAt(template, versions.get(shown) ?? null), { ...service, name }),
      template: buildTemplateContent(at, { name, customTitle: service.customTitle }),
      merged: buildTemplateContent(at, { ...service, ...layerColumns(outcome.layer), name }),
      changes: outcome.changes,
      problems: overfullLists(outcome.layer),
    };
  }

  /**
   * Asks for a push: the version must exist and every clinic must have a service of the template.
   * The push and its clinics are stored, then its job queued; one that cannot be queued leaves the
   * push failed with the reason and answers 503.
   */
  async push(actor: Actor, templateId: number, input: TemplatePushCreate): Promise<TemplatePush> {
    assertAdmin(actor);
    await this.templateOrThrow(templateId);
    if (!(await this.rollout.findVersion(templateId, input.version))) throw notFound(Messages.templateVersionNotFound(templateId, input.version));
    const wanted = [...new Set(input.clientIds)];
    const services = (await this.services.listByTemplate(templateId)).filter((s) => wanted.includes(s.clientId));
    const missing = wanted.filter((id) => !services.some((s) => s.clientId === id));
    if (missing.length) throw notFound(Messages.clinicsWithoutTemplate(missing));
    return this.queuePush(actor, templateId, input.version, services, input.choices ?? {});
  }

  /** After a save of a template that rolls out to the latest: the new version to every clinic not pinned and behind. */
  async followLatest(actor: Actor, template: ServiceTemplateEntity): Promise<TemplatePush | null> {
    if (template.rollout !== 'latest') return null;
    const behind = (await this.services.listByTemplate(template.id)).filter((s) => !s.versionPinned && s.templateVersion < template.version);
    return behind.length ? this.queuePush(actor, template.id, template.version, behind, {}) : null;
  }

  private async queuePush(
    actor: Actor,
    templateId: number,
    version: number,
    services: readonly ClientServiceEntity[],
    choices: Record<string, Record<string, ConflictChoice>>,
  ): Promise<TemplatePush> {
    if (!this.queue) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('Template pushes'));
    const queue = this.queue;
    const push = await auditedTransaction(this.dataSource, actor, async (manager) => {
      const row = await this.rollout.insertPush(
        { templateId, version, choices, ...savedBy(actor) },
        services.map((s) => ({ clientServiceId: s.id, clientId: s.clientId })),
        manager,
      );
      return { result: row, audit: { action: 'create', entity: 'template_push', entityId: row.id, changes: { after: { templateId, version, clientIds: services.map((s) => s.clientId) } } } };
    });
    try {
      await queue.add({ pushId: push.id });
    } catch (err) {
      await this.rollout.setPushStatus(push.id, 'failed', `The job could not be queued: ${(err as Error).message}`);
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('Template pushes'));
    }
    return pushDto(push, await this.rollout.pushClinics(push.id));
  }

  /** How many of a template's pushes its list shows. */
  static readonly PUSHES_LISTED = 10;

  /** The template's latest pushes, or those older than push `before` (a page of the list). */
  async pushes(actor: Actor, templateId: number, before?: number): Promise<TemplatePush[]> {
    assertAdmin(actor);
    await this.templateOrThrow(templateId);
    const rows = await this.rollout.latestPushes(templateId, RolloutService.PUSHES_LISTED, before);
    const clinics = await this.rollout.clinicsOfPushes(rows.map((r) => r.id));
    return rows.map((row) => pushDto(row, clinics.get(row.id) ?? []));
  }

  async getPush(actor: Actor, pushId: number): Promise<TemplatePush> {
    assertAdmin(actor);
    const push = await this.rollout.findPush(pushId);
    if (!push) throw notFound(Messages.templatePushNotFound(pushId));
    return pushDto(push, await this.rollout.pushClinics(pushId));
  }

  /**
   * The `templates.push` job: each clinic still pending is merged and written in its own
   * transaction, with its before and after and an audit entry in the name of who asked for the
   * push. A clinic that fails is marked with its reason; the others go on. Run again, it skips
   * the clinics already done.
   */
  async runPush(pushId: number): Promise<string> {
    const push = await this.rollout.findPush(pushId);
    if (!push) return 'not found';
    if (push.status === 'succeeded') return 'already done';
    await this.rollout.setPushStatus(pushId, 'running');
    const actor: Actor = {
      identity: { kind: 'admin', userId: push.createdBy ?? undefined, name: push.createdByName },
      requestId: `template-push-${pushId}`,
    };
    const clinics = (await this.rollout.pushClinics(pushId)).filter((c) => c.status === 'pending');
    let failed = 0;
    for (const clinic of clinics) {
      try {
        await this.pushOne(actor, push, clinic.clientServiceId);
      } catch (err) {
        failed += 1;
        await this.rollout.updatePushClinic(pushId, clinic.clientServiceId, { status: 'failed', error: (err as Error).message });
      }
    }
    const allFailed = clinics.length > 0 && failed === clinics.length;
    await this.rollout.setPushStatus(pushId, allFailed ? 'failed' : 'succeeded', failed ? `${failed} of ${clinics.length} clinics could not be pushed.` : null);
    return `${clinics.length - failed} pushed, ${failed} failed`;
  }

  private async pushOne(actor: Actor, push: TemplatePushEntity, clientServiceId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const service = await this.services.findByIdForWrite(clientServiceId, manager, 'update');
      if (!service) throw new Error(Messages.clientServiceNotFound(clientServiceId));
      // Never back: two saves in a row queue two pushes, and the older may run last. A rollback is the way back.
      if (service.templateVersion > push.version) throw new Error(Messages.pushOlderVersion(service.templateVersion, push.version));
      const versions = await this.versionMap(push.templateId, [service.templateVersion, push.version], manager);
      const base = versions.get(service.templateVersion);
      const theirs = versions.get(push.version);
      if (!base || !theirs) throw new Error(Messages.templateVersionNotFound(push.templateId, base ? push.version : service.templateVersion));
      const ours = layerOf(service);
      const outcome = mergeClinicLayer(versionContentOf(base.content), versionContentOf(theirs.content), ours, push.choices[String(service.clientId)] ?? {});
      const overfull = overfullLists(outcome.layer);
      if (overfull.length > 0) throw new Error(overfull.join(' '));
      const before = { version: service.templateVersion, layer: ours };
      const after = { version: push.version, layer: outcome.layer };
      await this.services.update(service.id, { ...layerColumns(outcome.layer), templateVersion: push.version }, manager);
      await this.rollout.updatePushClinic(
        push.id,
        service.id,
        { status: 'pushed', fromVersion: service.templateVersion, before, after, conflicts: outcome.conflicts, error: null },
        manager,
      );
      await recordAudit(manager, actor, {
        action: 'update',
        entity: 'client_service',
        entityId: service.id,
        changes: { before, after: { ...after, pushId: push.id, conflicts: outcome.conflicts.map((c) => c.key) } },
      });
    });
  }

  /**
   * Puts a clinic's service back as it was before a push: its version and its own changes. Refused
   * (409) when the service changed after the push, which the rollback would silently undo.
   */
  async rollback(actor: Actor, clientServiceId: number, pushId: number) {
    assertAdmin(actor);
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const service = await this.services.findByIdForWrite(clientServiceId, manager, 'update');
      if (!service) throw notFound(Messages.clientServiceNotFound(clientServiceId));
      const clinic = await this.rollout.findPushClinicForWrite(pushId, clientServiceId, manager);
      if (!clinic || !clinic.before || !clinic.after) throw notFound(Messages.rollbackNotInPush(pushId));
      if (clinic.status === 'rolled-back') throw conflict(Messages.rollbackAlreadyDone);
      if (service.templateVersion !== clinic.after.version || !sameLayer(layerOf(service), clinic.after.layer)) throw conflict(Messages.rollbackChangedSince);
      await this.services.update(service.id, { ...layerColumns(clinic.before.layer), templateVersion: clinic.before.version }, manager);
      await this.rollout.updatePushClinic(pushId, clientServiceId, { status: 'rolled-back', rolledBackAt: new Date() }, manager);
      return {
        result: { clientServiceId, version: clinic.before.version, pinned: service.versionPinned },
        audit: { action: 'update', entity: 'client_service', entityId: clientServiceId, changes: { before: { ...clinic.after, rollbackOf: pushId }, after: clinic.before } },
      };
    });
  }

  async setPinned(actor: Actor, clientServiceId: number, pinned: boolean) {
    assertAdmin(actor);
    return auditedTransaction(this.dataSource, actor, async (manager) => {
      const service = await this.services.findByIdForWrite(clientServiceId, manager, 'update');
      if (!service) throw notFound(Messages.clientServiceNotFound(clientServiceId));
      await this.services.update(service.id, { versionPinned: pinned }, manager);
      return {
        result: { clientServiceId, version: service.templateVersion, pinned },
        audit: { action: 'update', entity: 'client_service', entityId: clientServiceId, changes: { before: { versionPinned: service.versionPinned }, after: { versionPinned: pinned } } },
      };
    });
  }

  /**
   * A clinic's services with the template each shows (docs/template-rollout.md#versions): a service
   * pinned, or of a staged template, shows its own version's content; the rest the latest.
   */
  async withShownVersions(rows: ServiceWithTemplate[]): Promise<ServiceWithTemplate[]> {
    const older = rows.filter(({ service, template }) => shownVersionOf(service, template) !== template.version);
    if (!older.length) return rows;
    const found = await this.rollout.findVersionsOf(older.map(({ service, template }) => ({ templateId: template.id, number: shownVersionOf(service, template) })));
    const byKey = new Map(found.map((v) => [`${v.templateId}:${v.number}`, v]));
    return rows.map((row) => {
      const shown = shownVersionOf(row.service, row.template);
      return shown === row.template.version ? row : { ...row, template: templateAt(row.template, byKey.get(`${row.template.id}:${shown}`) ?? null) };
    });
  }
}
