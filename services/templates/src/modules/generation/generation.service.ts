import type { DataSource, EntityManager } from 'typeorm';
import {
  ErrorCode,
  Messages,
  TEMPLATE_CREATE_TEXTS,
  type AiStatus,
  type GeneratedTemplateContent,
  type TemplateCreate,
  type TemplateGeneration,
} from '@hap/contracts';
import { AppError, assertAdmin, notFound, recordAudit, type Actor, type JobQueue } from '@hap/service-kit';
import { slugFor } from './generation.rules';

interface GenerationRow {
  id: number;
  name: string;
  description: string;
  subcategory_id: number;
  status: TemplateGeneration['status'];
  progress: number;
  stage: string;
  template_id: number | null;
  template_slug: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

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

const SELECT = `SELECT g.*, t."slug" AS "template_slug" FROM "templates"."generation_jobs" g
  LEFT JOIN "templates"."service_templates" t ON t."id" = g."template_id"`;

/** The stages the Create New Template screen shows, with their progress. */
export const STAGES = {
  queued: { progress: 0, stage: 'Waiting for the AI writer…' },
  writing: { progress: 20, stage: 'Writing the template content…' },
  rewriting: { progress: 45, stage: 'Fixing what broke the template rules…' },
  saving: { progress: 80, stage: 'Checking and saving the template…' },
  done: { progress: 100, stage: 'Template created!' },
} as const;

/** A new template's content as stored: the model's, or none yet (made without AI). */
interface TemplateDraft {
  description: string;
  headline: string | null;
  metaDescription: string | null;
  offer: string | null;
  benefits: unknown[];
  process: unknown[];
  symptoms: unknown[];
  faqs: unknown[];
  testimonials: unknown[];
}

/** Inserts a new template named after its request (slug from the name, `-2`, `-3` when taken). */
async function insertTemplate(manager: EntityManager, request: { name: string; subcategoryId: number }, draft: TemplateDraft): Promise<{ id: number; slug: string }> {
  const taken = new Set(
    ((await manager.query(`SELECT "slug" FROM "templates"."service_templates" WHERE "slug" LIKE $1`, [`${slugFor(request.name)}%`])) as Array<{ slug: string }>).map((r) => r.slug),
  );
  const slug = slugFor(request.name, taken);
  const [template] = (await manager.query(
    `INSERT INTO "templates"."service_templates"
       ("subcategory_id", "name", "slug", "description", "headline", "meta_description", "offer", "benefits", "process", "symptoms", "faqs", "testimonials")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING "id"`,
    [
      request.subcategoryId,
      request.name,
      slug,
      draft.description,
      draft.headline,
      draft.metaDescription,
      draft.offer,
      JSON.stringify(draft.benefits),
      JSON.stringify(draft.process),
      JSON.stringify(draft.symptoms),
      JSON.stringify(draft.faqs),
      JSON.stringify(draft.testimonials),
    ],
  )) as Array<{ id: number }>;
  return { id: template.id, slug };
}

async function assertSubcategory(manager: EntityManager, subcategoryId: number): Promise<void> {
  const [subcategory] = (await manager.query(`SELECT "id" FROM "templates"."template_subcategories" WHERE "id" = $1`, [subcategoryId])) as unknown[];
  if (!subcategory) throw notFound(Messages.templateCategoryNotFound(subcategoryId));
}

/**
 * Creating templates (admin spec §2.11 Create New Template): admins queue an
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
  ) {}

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
      await assertSubcategory(manager, input.subcategoryId);
      const [inserted] = (await manager.query(
        `INSERT INTO "templates"."generation_jobs" ("name", "description", "subcategory_id", "stage", "requested_by")
         VALUES ($1, $2, $3, $4, $5) RETURNING *, NULL::text AS "template_slug"`,
        [input.name, input.description, input.subcategoryId, STAGES.queued.stage, actor.identity.userId ?? null],
      )) as GenerationRow[];
      await recordAudit(manager, actor, { action: 'create', entity: 'template_generation', entityId: inserted.id, changes: { after: { name: input.name, subcategoryId: input.subcategoryId } } });
      return inserted;
    });
    try {
      await queue.add({ generationId: row.id });
    } catch (err) {
      await new GenerationStore(this.dataSource).failed(row.id, `The job could not be queued: ${(err as Error).message}`, true);
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
      await assertSubcategory(manager, input.subcategoryId);
      const template = await insertTemplate(manager, input, {
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
      const [inserted] = (await manager.query(
        `INSERT INTO "templates"."generation_jobs" ("name", "description", "subcategory_id", "status", "progress", "stage", "template_id", "requested_by")
         VALUES ($1, $2, $3, 'succeeded', 100, $4, $5, $6) RETURNING *, $7::text AS "template_slug"`,
        [input.name, input.description, input.subcategoryId, TEMPLATE_CREATE_TEXTS.emptyCreated, template.id, actor.identity.userId ?? null, template.slug],
      )) as GenerationRow[];
      await recordAudit(manager, actor, { action: 'create', entity: 'template_generation', entityId: inserted.id, changes: { after: { name: input.name, subcategoryId: input.subcategoryId, content: 'empty' } } });
      await recordAudit(manager, actor, { action: 'create', entity: 'service_template', entityId: template.id, changes: { after: { name: input.name, slug: template.slug, content: 'empty' } } });
      return inserted;
    });
    return toDto(row);
  }

  async get(actor: Actor, id: number): Promise<TemplateGeneration> {
    assertAdmin(actor);
    const [row] = (await this.dataSource.query(`${SELECT} WHERE g."id" = $1`, [id])) as GenerationRow[];
    if (!row) throw notFound(Messages.generationNotFound(id));
    return toDto(row);
  }
}

/** What the worker reads of a generation to write it. */
export interface GenerationTask {
  id: number;
  name: string;
  description: string;
  status: TemplateGeneration['status'];
  templateId: number | null;
  category: string;
}

/** The worker's reads and writes of one generation. */
export class GenerationStore {
  constructor(private readonly dataSource: DataSource) {}

  async task(id: number): Promise<GenerationTask | null> {
    const [row] = (await this.dataSource.query(
      `SELECT g."id", g."name", g."description", g."status", g."template_id", s."name" AS "subcategory", c."name" AS "category"
         FROM "templates"."generation_jobs" g
         JOIN "templates"."template_subcategories" s ON s."id" = g."subcategory_id"
         JOIN "templates"."template_categories" c ON c."id" = s."category_id"
        WHERE g."id" = $1`,
      [id],
    )) as Array<{ id: number; name: string; description: string; status: GenerationTask['status']; template_id: number | null; subcategory: string; category: string }>;
    if (!row) return null;
    return { id: row.id, name: row.name, description: row.description, status: row.status, templateId: row.template_id, category: `${row.category} / ${row.subcategory}` };
  }

  async stage(id: number, stage: { progress: number; stage: string }, status: TemplateGeneration['status'] = 'running'): Promise<void> {
    await this.dataSource.query(
      `UPDATE "templates"."generation_jobs" SET "status" = $2, "progress" = $3, "stage" = $4, "updated_at" = now() WHERE "id" = $1 AND "status" <> 'succeeded'`,
      [id, status, stage.progress, stage.stage],
    );
  }

  async attempt(id: number): Promise<void> {
    await this.dataSource.query(`UPDATE "templates"."generation_jobs" SET "attempts" = "attempts" + 1, "updated_at" = now() WHERE "id" = $1`, [id]);
  }

  /** An attempt failed: the error shows; `final` ends the generation as failed. */
  async failed(id: number, error: string, final: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE "templates"."generation_jobs" SET "status" = $3, "error" = $2, "stage" = $4, "updated_at" = now() WHERE "id" = $1 AND "status" <> 'succeeded'`,
      [id, error.slice(0, 2000), final ? 'failed' : 'running', final ? 'Failed to create template.' : 'Retrying after an error…'],
    );
  }

  /**
   * Saves the template and links it, in one transaction holding the
   * generation's row: a job retried after a crash finds it linked and stops.
   */
  async save(id: number, content: GeneratedTemplateContent): Promise<number> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const [job] = (await manager.query(`SELECT "name", "description", "subcategory_id", "template_id" FROM "templates"."generation_jobs" WHERE "id" = $1 FOR UPDATE`, [id])) as Array<{
        name: string;
        description: string;
        subcategory_id: number;
        template_id: number | null;
      }>;
      if (job.template_id) return job.template_id;
      const template = await insertTemplate(
        manager,
        { name: job.name, subcategoryId: job.subcategory_id },
        { ...content, testimonials: content.testimonials.map((t) => ({ text: t.text, rating: t.rating, name: t.name })) },
      );
      await manager.query(
        `UPDATE "templates"."generation_jobs" SET "status" = 'succeeded', "progress" = $2, "stage" = $3, "template_id" = $4, "error" = NULL, "updated_at" = now() WHERE "id" = $1`,
        [id, STAGES.done.progress, STAGES.done.stage, template.id],
      );
      await recordAudit(manager, { identity: { kind: 'service', service: 'templates' }, requestId: `generation-${id}` }, {
        action: 'create',
        entity: 'service_template',
        entityId: template.id,
        changes: { after: { name: job.name, slug: template.slug, generatedBy: `generation ${id}` } },
      });
      return template.id;
    });
  }
}
