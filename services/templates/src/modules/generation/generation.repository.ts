import type { DataSource, EntityManager } from 'typeorm';
import { Messages, TEMPLATE_CREATE_TEXTS, type GeneratedTemplateContent, type TemplateCreate, type TemplateGeneration } from '@hap/contracts';
import { notFound, recordAudit } from '@hap/service-kit';
import { slugFor, STAGES } from './generation.rules';

export interface GenerationRow {
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

const SELECT = `SELECT g.*, t."slug" AS "template_slug" FROM "templates"."generation_jobs" g
  LEFT JOIN "templates"."service_templates" t ON t."id" = g."template_id"`;

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
      const template = await this.insertTemplate(
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

  /** Inserts a new template named after its request (slug from the name, `-2`, `-3` when taken). */
  async insertTemplate(manager: EntityManager, request: { name: string; subcategoryId: number }, draft: TemplateDraft): Promise<{ id: number; slug: string }> {
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

  /** A generation request's subcategory must exist (404 otherwise). */
  async assertSubcategory(manager: EntityManager, subcategoryId: number): Promise<void> {
    const [subcategory] = (await manager.query(`SELECT "id" FROM "templates"."template_subcategories" WHERE "id" = $1`, [subcategoryId])) as unknown[];
    if (!subcategory) throw notFound(Messages.templateCategoryNotFound(subcategoryId));
  }

  async insertQueued(manager: EntityManager, input: TemplateCreate, requestedBy: number | null): Promise<GenerationRow> {
    const [inserted] = (await manager.query(
      `INSERT INTO "templates"."generation_jobs" ("name", "description", "subcategory_id", "stage", "requested_by")
       VALUES ($1, $2, $3, $4, $5) RETURNING *, NULL::text AS "template_slug"`,
      [input.name, input.description, input.subcategoryId, STAGES.queued.stage, requestedBy],
    )) as GenerationRow[];
    return inserted;
  }

  /** A template made without AI, recorded as a finished generation. */
  async insertMadeEmpty(manager: EntityManager, input: TemplateCreate, template: { id: number; slug: string }, requestedBy: number | null): Promise<GenerationRow> {
    const [inserted] = (await manager.query(
      `INSERT INTO "templates"."generation_jobs" ("name", "description", "subcategory_id", "status", "progress", "stage", "template_id", "requested_by")
       VALUES ($1, $2, $3, 'succeeded', 100, $4, $5, $6) RETURNING *, $7::text AS "template_slug"`,
      [input.name, input.description, input.subcategoryId, TEMPLATE_CREATE_TEXTS.emptyCreated, template.id, requestedBy, template.slug],
    )) as GenerationRow[];
    return inserted;
  }

  async find(id: number): Promise<GenerationRow | null> {
    const [row] = (await this.dataSource.query(`${SELECT} WHERE g."id" = $1`, [id])) as GenerationRow[];
    return row ?? null;
  }
}

