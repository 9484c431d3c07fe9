import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, Messages, type AiStatus, type GeneratedTemplateContent, type TemplateCreate, type TemplateGeneration } from '@hap/contracts';
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

/** AI generations: admins queue one and follow it; the worker moves it along (generation.job.ts). */
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
   */
  async create(actor: Actor, input: TemplateCreate): Promise<TemplateGeneration> {
    assertAdmin(actor);
    if (!this.queue) throw new AppError(503, ErrorCode.NOT_CONFIGURED, Messages.aiNotConfigured);
    const row = await this.dataSource.transaction(async (manager) => {
      const [subcategory] = (await manager.query(`SELECT "id" FROM "templates"."template_subcategories" WHERE "id" = $1`, [input.subcategoryId])) as unknown[];
      if (!subcategory) throw notFound(Messages.templateCategoryNotFound(input.subcategoryId));
      const [inserted] = (await manager.query(
        `INSERT INTO "templates"."generation_jobs" ("name", "description", "subcategory_id", "stage", "requested_by")
         VALUES ($1, $2, $3, $4, $5) RETURNING *, NULL::text AS "template_slug"`,
        [input.name, input.description, input.subcategoryId, STAGES.queued.stage, actor.identity.userId ?? null],
      )) as GenerationRow[];
      await recordAudit(manager, actor, { action: 'create', entity: 'template_generation', entityId: inserted.id, changes: { after: { name: input.name, subcategoryId: input.subcategoryId } } });
      return inserted;
    });
    try {
      await this.queue.add({ generationId: row.id });
    } catch (err) {
      await new GenerationStore(this.dataSource).failed(row.id, `The job could not be queued: ${(err as Error).message}`, true);
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable('AI generation'));
    }
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
      const taken = new Set(
        ((await manager.query(`SELECT "slug" FROM "templates"."service_templates" WHERE "slug" LIKE $1`, [`${slugFor(job.name)}%`])) as Array<{ slug: string }>).map(
          (r) => r.slug,
        ),
      );
      const slug = slugFor(job.name, taken);
      const [template] = (await manager.query(
        `INSERT INTO "templates"."service_templates"
           ("subcategory_id", "name", "slug", "description", "headline", "meta_description", "offer", "benefits", "process", "symptoms", "faqs", "testimonials")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING "id"`,
        [
          job.subcategory_id,
          job.name,
          slug,
          content.description,
          content.headline,
          content.metaDescription,
          content.offer,
          JSON.stringify(content.benefits),
          JSON.stringify(content.process),
          JSON.stringify(content.symptoms),
          JSON.stringify(content.faqs),
          JSON.stringify(content.testimonials.map((t) => ({ text: t.text, rating: t.rating, name: t.name }))),
        ],
      )) as Array<{ id: number }>;
      await manager.query(
        `UPDATE "templates"."generation_jobs" SET "status" = 'succeeded', "progress" = $2, "stage" = $3, "template_id" = $4, "error" = NULL, "updated_at" = now() WHERE "id" = $1`,
        [id, STAGES.done.progress, STAGES.done.stage, template.id],
      );
      await recordAudit(manager, { identity: { kind: 'service', service: 'templates' }, requestId: `generation-${id}` }, {
        action: 'create',
        entity: 'service_template',
        entityId: template.id,
        changes: { after: { name: job.name, slug, generatedBy: `generation ${id}` } },
      });
      return template.id;
    });
  }
}
