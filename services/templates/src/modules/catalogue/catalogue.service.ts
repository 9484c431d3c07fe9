import type { DataSource } from 'typeorm';
import { Messages, type CatalogueEntry, type PageMove, type ServiceTemplate, type ServiceTemplateUpdate, type TemplateSubcategory } from '@hap/contracts';
import { assertAdmin, auditedTransaction, conflict, isUniqueViolation, notFound, type Actor } from '@hap/service-kit';
import { toServiceTemplateDto, toSubcategoryDto } from './catalogue.dto';
import type { ServiceTemplateRepository } from './catalogue.repository';
import type { PagePathService } from '../page-path/page-path.service';
import { contentOfTemplate, type RolloutService } from '../rollout/rollout.service';
import type { ServiceTemplateEntity } from './catalogue.entity';

/** The service catalogue: templates and their subcategories (docs/admin.md#admin-paths Services Management). */
export class CatalogueService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly templates: ServiceTemplateRepository,
    /** Page paths (docs/admin.md#page-paths): a new slug keeps the old one as a former path and moves running campaigns. */
    private readonly pagePaths?: PagePathService,
    /** Versions and pushes (docs/template-rollout.md). */
    private readonly rollout?: RolloutService,
    /** Told when a save's push to its clinics could not be queued (the save stands). */
    private readonly onPushNotQueued: (err: unknown) => void = () => undefined,
  ) {}

  async listTemplates(): Promise<ServiceTemplate[]> {
    const [rows, placements] = await Promise.all([this.templates.listAll(), this.templates.placements()]);
    return rows.map((row) => toServiceTemplateDto(row, placements.get(row.subcategoryId)));
  }

  /** The public catalogue: each template's placement and offer, nothing of its page content or CRM snapshot. */
  async listCatalogue(): Promise<CatalogueEntry[]> {
    return (await this.listTemplates()).map(({ id, name, slug, category, subcategory, description, offer }) => ({
      id,
      name,
      slug,
      category,
      subcategory,
      description,
      offer,
    }));
  }

  async listSubcategories(): Promise<TemplateSubcategory[]> {
    return (await this.templates.listSubcategories()).map(toSubcategoryDto);
  }

  /**
   * A save of a template. A change of its content makes a version (docs/template-rollout.md#versions);
   * with rollout 'latest', that version (or, on a switch to 'latest', the latest) then goes to every
   * clinic not pinned, as a push the worker runs. A push that cannot be queued does not undo the save.
   */
  async updateTemplate(actor: Actor, id: number, { versionNote, ...input }: ServiceTemplateUpdate): Promise<ServiceTemplate> {
    assertAdmin(actor);
    let moves: PageMove[] = [];
    // What the save leaves for after its commit: the template to roll out to its clinics, if any.
    const rollOut: { template: ServiceTemplateEntity | null } = { template: null };
    try {
      const updated = await auditedTransaction(this.dataSource, actor, async (manager) => {
        const before = await this.templates.findByIdForWrite(id, manager, 'update');
        if (!before) throw notFound(Messages.serviceTemplateNotFound(id));
        if (input.slug && (await this.templates.slugTaken(input.slug, id, manager))) throw conflict(Messages.templateSlugTaken(input.slug));
        const placements = await this.templates.placements(manager);
        const beforeDto = toServiceTemplateDto(before, placements.get(before.subcategoryId));
        let row = await this.templates.update(id, input, manager);
        const contentChanged = JSON.stringify(contentOfTemplate(before)) !== JSON.stringify(contentOfTemplate(row));
        if (contentChanged && this.rollout) {
          row = await this.templates.update(id, { version: before.version + 1 }, manager);
          await this.rollout.recordVersion(manager, actor, row, versionNote);
        }
        if (row.rollout === 'latest' && (contentChanged || before.rollout !== 'latest')) rollOut.template = row;
        const after = toServiceTemplateDto(row, placements.get(before.subcategoryId));
        if (this.pagePaths && input.slug) moves = await this.pagePaths.templateSlugChanged(id, before.slug, after.slug, manager);
        return { result: after, audit: { action: 'update', entity: 'service_template', entityId: id, changes: { before: beforeDto, after } } };
      });
      await this.pagePaths?.moveCampaigns(actor, moves);
      if (rollOut.template) await this.rollout?.followLatest(actor, rollOut.template).catch((err: unknown) => this.onPushNotQueued(err));
      return updated;
    } catch (err) {
      // Another write took the slug between the check and the update.
      if (isUniqueViolation(err) && input.slug) throw conflict(Messages.templateSlugTaken(input.slug));
      throw err;
    }
  }
}
