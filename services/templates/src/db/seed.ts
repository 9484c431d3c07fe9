import 'reflect-metadata';
import type { DataSource, EntityManager } from 'typeorm';
import { moveSequencePastIds, runSeed, seedOnce } from '@hap/service-kit';
import { loadServiceConfig } from '../config';
import { createDataSource } from './data-source';
import { SEED_ACTIVATIONS } from './seed-activations';
import { SEED_CATEGORIES, SEED_SUBCATEGORIES } from './seed-catalogue';
import { SEED_TEMPLATES } from './seed-templates';

export interface SeedResult {
  /** This run wrote the demo catalogue (false: an earlier run did; it is not written again). */
  demoDataSeeded: boolean;
  /** Demo templates whose empty hero or before/after images this run filled with the demo art (once per database). */
  demoArtTemplates: number;
}

/** pg advisory lock key: concurrent seed runs take turns. */
const SEED_LOCK_KEY = 73_120_003;

/**
 * The `seed_history` entry of the demo catalogue and activations. Written
 * once per database; a new version of the demo data gets a new name.
 */
export const DEMO_CATALOGUE_SEED = 'demo-catalogue-v1';

/**
 * The `seed_history` entry of the demo templates' pictures: a database whose
 * catalogue was seeded before the art existed gets the paths once.
 */
export const DEMO_TEMPLATE_ART_SEED = 'demo-template-art-v1';

async function seedCatalogue(manager: EntityManager): Promise<void> {
  for (const c of SEED_CATEGORIES) {
    await manager.query(
      `INSERT INTO "templates"."template_categories" ("id", "name", "slug", "description", "display_order")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [c.id, c.name, c.slug, c.description, c.displayOrder],
    );
  }
  await moveSequencePastIds(manager, 'templates', 'template_categories');
  for (const s of SEED_SUBCATEGORIES) {
    await manager.query(
      `INSERT INTO "templates"."template_subcategories" ("id", "category_id", "name", "slug", "description", "display_order")
       SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM "templates"."template_categories" WHERE "id" = $2)
       ON CONFLICT DO NOTHING`,
      [s.id, s.categoryId, s.name, s.slug, s.description, s.displayOrder],
    );
  }
  await moveSequencePastIds(manager, 'templates', 'template_subcategories');
  for (const t of SEED_TEMPLATES) {
    await manager.query(
      `INSERT INTO "templates"."service_templates"
         ("id", "subcategory_id", "name", "slug", "description", "headline", "meta_description", "offer", "hero_image",
          "symptoms", "benefits", "process", "faqs", "testimonials", "before_after_images")
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $15, $9, $10, $11, $12, $13, $14
       WHERE EXISTS (SELECT 1 FROM "templates"."template_subcategories" WHERE "id" = $2)
       ON CONFLICT DO NOTHING`,
      [
        t.id, t.subcategoryId, t.name, t.slug, t.description, t.headline, t.metaDescription, t.offer,
        JSON.stringify(t.symptoms), JSON.stringify(t.benefits), JSON.stringify(t.process),
        JSON.stringify(t.faqs), JSON.stringify(t.testimonials), JSON.stringify(t.beforeAfterImages), t.heroImage,
      ],
    );
  }
  await moveSequencePastIds(manager, 'templates', 'service_templates');
}

const jsonOrNull = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

async function seedActivations(manager: EntityManager): Promise<void> {
  for (const a of SEED_ACTIVATIONS) {
    await manager.query(
      `INSERT INTO "templates"."client_services"
         ("client_id", "template_id", "custom_title", "custom_offer", "custom_offer_description", "custom_description",
          "custom_benefits", "custom_faqs", "custom_testimonials")
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
       WHERE EXISTS (SELECT 1 FROM "templates"."service_templates" WHERE "id" = $2)
       ON CONFLICT DO NOTHING`,
      [
        a.clientId, a.templateId, a.customTitle ?? null, a.customOffer ?? null, a.customOfferDescription ?? null,
        a.customDescription ?? null, jsonOrNull(a.customBenefits), jsonOrNull(a.customFaqs), jsonOrNull(a.customTestimonials),
      ],
    );
  }
}

interface TemplateArtRow {
  id: number;
  heroImage: string | null;
  beforeAfterImages: unknown;
}

/**
 * Points the demo templates that are still there (same id and slug) at the
 * demo art where their images are empty: the hero when it has none, and each
 * story's before and after picture (by position) when it has none. An
 * admin's image is never replaced. Returns how many templates changed.
 */
async function seedTemplateArt(manager: EntityManager): Promise<number> {
  let changed = 0;
  for (const t of SEED_TEMPLATES) {
    const [row] = await manager.query<TemplateArtRow[]>(
      `SELECT "id", "hero_image" AS "heroImage", "before_after_images" AS "beforeAfterImages"
         FROM "templates"."service_templates" WHERE "id" = $1 AND "slug" = $2 FOR UPDATE`,
      [t.id, t.slug],
    );
    if (!row) continue;
    const stories: unknown[] = Array.isArray(row.beforeAfterImages) ? row.beforeAfterImages : [];
    let touched = !row.heroImage;
    const filledStories = stories.map((story, i) => {
      const art = t.beforeAfterImages[i];
      if (!art || !story || typeof story !== 'object') return story;
      const s = story as { beforeImage?: unknown; afterImage?: unknown };
      const next = { ...s, beforeImage: s.beforeImage || art.beforeImage, afterImage: s.afterImage || art.afterImage };
      if (next.beforeImage !== s.beforeImage || next.afterImage !== s.afterImage) touched = true;
      return next;
    });
    if (!touched) continue;
    await manager.query(
      `UPDATE "templates"."service_templates" SET "hero_image" = COALESCE(NULLIF("hero_image", ''), $2), "before_after_images" = $3 WHERE "id" = $1`,
      [t.id, t.heroImage, JSON.stringify(filledStories)],
    );
    changed += 1;
  }
  return changed;
}

/**
 * The demo catalogue (categories, subcategories, seven complete templates)
 * and the demo clinics' activations, written once per database (recorded in
 * `seed_history` in the same transaction): templates an admin deleted or
 * edited stay as the admin left them across restarts.
 */
export async function seed(dataSource: DataSource): Promise<SeedResult> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  const demoDataSeeded =
    (await seedOnce(dataSource, { schema: 'templates', name: DEMO_CATALOGUE_SEED, lockKey: SEED_LOCK_KEY }, async (manager) => {
      await seedCatalogue(manager);
      await seedActivations(manager);
      return true;
    })) ?? false;
  const demoArtTemplates =
    (await seedOnce(dataSource, { schema: 'templates', name: DEMO_TEMPLATE_ART_SEED, lockKey: SEED_LOCK_KEY }, seedTemplateArt)) ?? 0;
  return { demoDataSeeded, demoArtTemplates };
}

if (require.main === module) {
  void runSeed(createDataSource(loadServiceConfig().DATABASE_URL), seed, (result) => {
    const art = result.demoArtTemplates ? `; demo art set on ${result.demoArtTemplates} templates` : '';
    return `templates: ${result.demoDataSeeded ? 'demo catalogue seeded' : 'demo catalogue already seeded once, left as it is'}${art}`;
  });
}
