import type { DataSource } from 'typeorm';
import {
  ErrorCode,
  Messages,
  type AiStatus,
  type TemplateCreate,
  type TemplateGeneration,
} from '@hap/contracts';
import { AppError, assertAdmin, notFound, recordAudit, type Actor, type JobQueue } from '@hap/service-kit';
import { GenerationStore, type GenerationRow } from './generation.repository';

export { GenerationStore, type GenerationTask } from './generation.repository';
export { STAGES } from './generation.rules';

const toDto = (row: GenerationRow): TemplateGeneration => ({
  id: row.id,
  name: row.name,
  subcategoryId: row.subcategory_id,
  status: row.status,
  progress: row.progress,
  stage: row.stage,
  templateId: row.template_id,
  templateSlug: row.template_slug,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * Creating templates (docs/admin.md#templates Create New Template): admins queue an
 * AI generation and follow it, and the worker moves it along
 * (generation.job.ts); without AI the template is made at once with empty
 * content, recorded as a finished generation the screen reads the same way.
 */
export class GenerationService {
  constructor(
    private readonly dataSource: DataSource,
    /** Null when no model is configured: nothing is queued that could only fail. */
    private readonly queue: JobQueue<'templates.generate'> | null,
    private readonly model: string | null,
  ) {
    this.generations = new GenerationStore(dataSource);
  }

  private readonly generations: GenerationStore;

  status(actor: Actor): AiStatus {
    assertAdmin(actor);
    return { configured: this.queue !== null, model: this.queue ? this.model : null };
  }

  /**
   * Stores the request, then queues its job once the row is committed (a
   * worker must find it). A job that cannot be queued (Redis down) leaves the
   * generation failed with the reason and answers 503: nothing waits forever.
   * Content `empty`, or no model configured and no content asked for: the
   * template is made now, with empty content (createEmpty).
   */
  async create(actor: Actor, input: TemplateCreate): Promise<TemplateGeneration> {
    assertAdmin(actor);
    if ((input.content ?? (this.queue ? 'ai' : 'empty')) === 'empty') return this.createEmpty(actor, input);
    const queue = this.queue;
    if (!queue) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.aiNotConfigured);
    const row = await this.dataSource.transaction(async (manager) => {
      await this.generations.assertSubcategory(manager, input.subcategoryId);
      const inserted = await this.generations.insertQueued(manager, input, actor.identity.userId ?? null);
      await recordAudit(manager, actor, { action: 'create', entity: 'template_generation', entityId: inserted.id, changes: { after: { name: input.name, subcategoryId: input.subcategoryId } } });
      return inserted;
    });
    try {
      await queue.add({ generationId: row.id });
    } catch (err) {
      await this.generations.failed(row.id, `The job could not be queued: ${(err as Error).message}`, true);
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('AI generation'));
    }
    return toDto(row);
  }

  /**
   * A template to fill in by hand: made now in one transaction with the
   * admin's description and empty lists, and recorded as a generation that
   * has succeeded (its stage says the content is empty), so the screen and
   * the audit log read it like one the AI wrote.
   */
  private async createEmpty(actor: Actor, input: TemplateCreate): Promise<TemplateGeneration> {
    const row = await this.dataSource.transaction(async (manager) => {
      await this.generations.assertSubcategory(manager, input.subcategoryId);
      const template = await this.generations.insertTemplate(manager, input, {
        description: input.description,
        headline: null,
        metaDescription: null,
        offer: null,
        benefits: [],
        process: [],
        symptoms: [],
        faqs: [],
        testimonials: [],
      });
      const inserted = await this.generations.insertMadeEmpty(manager, input, template, actor.identity.userId ?? null);
      await recordAudit(manager, actor, { action: 'create', entity: 'template_generation', entityId: inserted.id, changes: { after: { name: input.name, subcategoryId: input.subcategoryId, content: 'empty' } } });
      await recordAudit(manager, actor, { action: 'create', entity: 'service_template', entityId: template.id, changes: { after: { name: input.name, slug: template.slug, content: 'empty' } } });
      return inserted;
    });
    return toDto(row);
  }

  async get(actor: Actor, id: number): Promise<TemplateGeneration> {
    assertAdmin(actor);
    const row = await this.generations.find(id);
    if (!row) throw notFound(Messages.generationNotFound(id));
    return toDto(row);
  }
}

