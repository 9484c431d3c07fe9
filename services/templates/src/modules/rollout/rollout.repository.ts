import { In, LessThan, type DataSource, type EntityManager } from 'typeorm';
import { LOCK_MODES } from '@hap/service-kit';
import { TemplatePushClinicEntity, TemplatePushEntity, TemplateVersionEntity } from './rollout.entity';

/** Queries on templates.template_versions, template_pushes and template_push_clinics (docs/template-rollout.md). */
export class RolloutRepository {
  constructor(private readonly dataSource: DataSource) {}

  private m(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async insertVersion(row: Omit<TemplateVersionEntity, 'createdAt'>, manager?: EntityManager): Promise<void> {
    await this.m(manager).getRepository(TemplateVersionEntity).insert(row as never);
  }

  /** A template's versions, newest first. */
  listVersions(templateId: number): Promise<TemplateVersionEntity[]> {
    return this.m().getRepository(TemplateVersionEntity).find({ where: { templateId }, order: { number: 'DESC' } });
  }

  findVersion(templateId: number, number: number, manager?: EntityManager): Promise<TemplateVersionEntity | null> {
    return this.m(manager).getRepository(TemplateVersionEntity).findOneBy({ templateId, number });
  }

  /** These versions of a template (any missing is left out). */
  findVersions(templateId: number, numbers: readonly number[], manager?: EntityManager): Promise<TemplateVersionEntity[]> {
    if (!numbers.length) return Promise.resolve([]);
    return this.m(manager).getRepository(TemplateVersionEntity).findBy({ templateId, number: In([...new Set(numbers)]) });
  }

  /** Versions by template and number, for many templates at once (a page's services). */
  async findVersionsOf(pairs: ReadonlyArray<{ templateId: number; number: number }>): Promise<TemplateVersionEntity[]> {
    if (!pairs.length) return [];
    return this.m()
      .getRepository(TemplateVersionEntity)
      .createQueryBuilder('v')
      .where('(v.template_id, v.number) IN (SELECT * FROM unnest(:templateIds::int[], :numbers::int[]))', {
        templateIds: pairs.map((p) => p.templateId),
        numbers: pairs.map((p) => p.number),
      })
      .getMany();
  }

  async insertPush(
    push: Pick<TemplatePushEntity, 'templateId' | 'version' | 'choices' | 'createdBy' | 'createdByName'>,
    clinics: ReadonlyArray<Pick<TemplatePushClinicEntity, 'clientServiceId' | 'clientId'>>,
    manager: EntityManager,
  ): Promise<TemplatePushEntity> {
    const saved = await manager.getRepository(TemplatePushEntity).save(manager.getRepository(TemplatePushEntity).create({ ...push, status: 'queued' }));
    if (clinics.length) await manager.getRepository(TemplatePushClinicEntity).insert(clinics.map((c) => ({ ...c, pushId: saved.id, status: 'pending' as const })));
    return saved;
  }

  findPush(id: number, manager?: EntityManager): Promise<TemplatePushEntity | null> {
    return this.m(manager).getRepository(TemplatePushEntity).findOneBy({ id });
  }

  /** A template's latest pushes, newest first; with `before`, those older than that push. */
  latestPushes(templateId: number, limit: number, before?: number): Promise<TemplatePushEntity[]> {
    return this.m()
      .getRepository(TemplatePushEntity)
      .find({ where: { templateId, ...(before !== undefined && { id: LessThan(before) }) }, order: { id: 'DESC' }, take: limit });
  }

  /** The clinics of these pushes, by push. */
  async clinicsOfPushes(pushIds: readonly number[]): Promise<Map<number, TemplatePushClinicEntity[]>> {
    const rows = pushIds.length ? await this.m().getRepository(TemplatePushClinicEntity).find({ where: { pushId: In([...pushIds]) }, order: { clientServiceId: 'ASC' } }) : [];
    const byPush = new Map<number, TemplatePushClinicEntity[]>();
    for (const row of rows) byPush.set(row.pushId, [...(byPush.get(row.pushId) ?? []), row]);
    return byPush;
  }

  pushClinics(pushId: number, manager?: EntityManager): Promise<TemplatePushClinicEntity[]> {
    return this.m(manager).getRepository(TemplatePushClinicEntity).find({ where: { pushId }, order: { clientServiceId: 'ASC' } });
  }

  async setPushStatus(id: number, status: TemplatePushEntity['status'], error: string | null = null): Promise<void> {
    await this.m().getRepository(TemplatePushEntity).update({ id }, { status, error });
  }

  /** One clinic of a push, locked until `manager`'s transaction ends. */
  findPushClinicForWrite(pushId: number, clientServiceId: number, manager: EntityManager): Promise<TemplatePushClinicEntity | null> {
    return manager.getRepository(TemplatePushClinicEntity).findOne({ where: { pushId, clientServiceId }, lock: { mode: LOCK_MODES.update } });
  }

  async updatePushClinic(pushId: number, clientServiceId: number, fields: Partial<TemplatePushClinicEntity>, manager?: EntityManager): Promise<void> {
    await this.m(manager).getRepository(TemplatePushClinicEntity).update({ pushId, clientServiceId }, fields);
  }

  /** How many of a template's services are on each version. */
  async clinicsByVersion(templateId: number): Promise<Map<number, number>> {
    const rows = (await this.m().query(
      `SELECT "template_version" AS "version", count(*)::int AS "count" FROM "templates"."client_services" WHERE "template_id" = $1 GROUP BY "template_version"`,
      [templateId],
    )) as Array<{ version: number; count: number }>;
    return new Map(rows.map((r) => [r.version, r.count]));
  }
}
