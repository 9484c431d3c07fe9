import { In, Not, type DataSource, type EntityManager } from 'typeorm';
import { ServiceRepository } from '@hap/service-kit';
import { ServiceTemplateEntity, TemplateCategoryEntity, TemplateSubcategoryEntity } from './catalogue.entity';

/** A subcategory with its category's name (for the category and subcategory shown with a template). */
export interface PlacedSubcategory {
  subcategory: TemplateSubcategoryEntity;
  categoryName: string | null;
}

/** Queries on templates.service_templates and the two category tables. */
export class ServiceTemplateRepository extends ServiceRepository<ServiceTemplateEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, ServiceTemplateEntity);
  }

  listAll(manager?: EntityManager): Promise<ServiceTemplateEntity[]> {
    return this.repo(manager).find({ order: { name: 'ASC', id: 'ASC' } });
  }

  /** What tenant is handed of the catalogue (docs/service-graph.md), and when it was read (µs, the database's clock, before the rows). */
  async publishedCatalogue(): Promise<{ readAt: string; templates: Array<{ id: number; name: string; ghlSnapshotId: string | null }> }> {
    const [{ readAt }] = (await this.dataSource.query(`SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint::text AS "readAt"`)) as [{ readAt: string }];
    const templates = await this.repo().find({ select: { id: true, name: true, ghlSnapshotId: true }, order: { id: 'ASC' } });
    return { readAt, templates: templates.map(({ id, name, ghlSnapshotId }) => ({ id, name, ghlSnapshotId })) };
  }

  findByIds(ids: readonly number[], manager?: EntityManager): Promise<ServiceTemplateEntity[]> {
    return ids.length ? this.repo(manager).findBy({ id: In([...ids]) }) : Promise.resolve([]);
  }

  /** id → slug for every template (the template mappings table). */
  async slugsById(manager?: EntityManager): Promise<Array<{ id: number; slug: string }>> {
    return this.repo(manager).find({ select: { id: true, slug: true }, order: { id: 'ASC' } });
  }

  /** The template a page path names: its slug (stored lower-case; any case matches), else (digits) its id. */
  async findByPath(path: string, manager?: EntityManager): Promise<ServiceTemplateEntity | null> {
    const bySlug = await this.repo(manager).findOneBy({ slug: path.toLowerCase() });
    if (bySlug || !/^\d{1,9}$/.test(path)) return bySlug;
    return this.repo(manager).findOneBy({ id: Number(path) });
  }

  /** Another template than `exceptId` has this slug. */
  slugTaken(slug: string, exceptId: number, manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).existsBy({ slug, id: Not(exceptId) });
  }

  listSubcategories(manager?: EntityManager): Promise<TemplateSubcategoryEntity[]> {
    return (manager ?? this.dataSource.manager).getRepository(TemplateSubcategoryEntity).find({ order: { name: 'ASC', id: 'ASC' } });
  }

  /** Every subcategory with its category's name, by subcategory id (a handful of rows). */
  async placements(manager?: EntityManager): Promise<Map<number, PlacedSubcategory>> {
    const m = manager ?? this.dataSource.manager;
    const [subcategories, categories] = await Promise.all([
      m.getRepository(TemplateSubcategoryEntity).find(),
      m.getRepository(TemplateCategoryEntity).find(),
    ]);
    const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
    return new Map(subcategories.map((s) => [s.id, { subcategory: s, categoryName: categoryNames.get(s.categoryId) ?? null }]));
  }
}
