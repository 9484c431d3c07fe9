import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Template rollout (docs/template-rollout.md): every save of a template is a version; a
 * template either rolls each version out to its clinics at once ('latest') or only where it
 * is pushed ('staged'); a clinic's service records the version it is on, whether it is pinned
 * there, and its own headline. A push keeps each clinic's before and after for its rollback.
 * Every template starts at version 1, its content as it is now.
 */
/** The list columns whose items carry ids, each with the section its ids were first named after. */
const LIST_COLUMNS: Record<'service_templates' | 'client_services', Array<[string, string]>> = {
  service_templates: [['benefits', 'benefits'], ['symptoms', 'symptoms'], ['process', 'process'], ['faqs', 'faqs'], ['testimonials', 'testimonials'], ['before_after_images', 'beforeAfterImages']],
  client_services: [['custom_benefits', 'benefits'], ['custom_symptoms', 'symptoms'], ['custom_process', 'process'], ['custom_faqs', 'faqs'], ['custom_testimonials', 'own-testimonials'], ['before_after_images', 'beforeAfterImages']],
};

/** ITEM_ID_PATTERN of packages/contracts/src/templates/template-merge.ts, as SQL reads it. */
const ITEM_ID = '^[A-Za-z0-9_-]{1,40}$';

/** The trigger's statements giving every new item of a table's lists an id. */
const newItemIds = (table: keyof typeof LIST_COLUMNS) =>
  LIST_COLUMNS[table].map(([column]) => `NEW."${column}" := "templates"."with_item_ids"(NEW."${column}", NULL);`).join(' ');

/** A template row's content as a version holds it (`row`: 'NEW.' inside a trigger). */
const CONTENT_OF = (row: string) =>
  `jsonb_build_object('headline', ${row}"headline", 'description', ${row}"description", 'metaDescription', ${row}"meta_description", 'offer', ${row}"offer", ` +
  `'heroImage', ${row}"hero_image", 'benefits', ${row}"benefits", 'symptoms', ${row}"symptoms", 'process', ${row}"process", 'faqs', ${row}"faqs", ` +
  `'testimonials', ${row}"testimonials", 'beforeAfterImages', ${row}"before_after_images")`;

export class CreateTemplateVersions1767200000000 implements MigrationInterface {
  name = 'CreateTemplateVersions1767200000000';

  async up(runner: QueryRunner): Promise<void> {
    // Every list item gets an id it keeps (docs/template-rollout.md#item-ids). Items stored before ids
    // get their place ('faqs-0', …), the same in a template and in a clinic's list copied from it.
    await runner.query(`
      CREATE FUNCTION "templates"."with_item_ids"("list" jsonb, "prefix" text) RETURNS jsonb LANGUAGE sql VOLATILE AS $$
        SELECT CASE WHEN "list" IS NULL OR jsonb_typeof("list") <> 'array' THEN "list" ELSE (
          SELECT COALESCE(jsonb_agg(CASE
              WHEN jsonb_typeof("item") = 'object' AND NOT (coalesce("item"->>'id', '') ~ '${ITEM_ID}')
              THEN "item" || jsonb_build_object('id', CASE WHEN "prefix" IS NULL THEN substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) ELSE "prefix" || '-' || ("ord" - 1) END)
              ELSE "item" END ORDER BY "ord"), '[]'::jsonb)
          FROM jsonb_array_elements("list") WITH ORDINALITY AS "t"("item", "ord")) END
      $$`);
    for (const [table, columns] of Object.entries(LIST_COLUMNS)) {
      await runner.query(`UPDATE "templates"."${table}" SET ${columns.map(([column, prefix]) => `"${column}" = "templates"."with_item_ids"("${column}", '${prefix}')`).join(', ')}`);
    }
    // From now on an item saved without an id (a new FAQ, a seed, a generation) is given a new one.
    await runner.query(`
      CREATE FUNCTION "templates"."list_item_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'service_templates' THEN
          ${newItemIds('service_templates')}
        ELSE
          -- A clinic's new service starts on its template's latest version, whichever path adds it.
          IF TG_OP = 'INSERT' THEN
            NEW."template_version" := coalesce((SELECT "version" FROM "templates"."service_templates" WHERE "id" = NEW."template_id"), 1);
          END IF;
          ${newItemIds('client_services')}
        END IF;
        RETURN NEW;
      END $$`);
    for (const [table, columns] of Object.entries(LIST_COLUMNS)) {
      await runner.query(`
        CREATE TRIGGER "${table}_list_item_ids" BEFORE INSERT OR UPDATE OF ${columns.map(([column]) => `"${column}"`).join(', ')} ON "templates"."${table}"
        FOR EACH ROW EXECUTE FUNCTION "templates"."list_item_ids"()`);
    }
    await runner.query(`
      ALTER TABLE "templates"."service_templates"
        ADD COLUMN "version" integer NOT NULL DEFAULT 1 CONSTRAINT "service_templates_version_positive" CHECK ("version" >= 1),
        ADD COLUMN "rollout" text NOT NULL DEFAULT 'latest' CONSTRAINT "service_templates_rollout" CHECK ("rollout" IN ('latest', 'staged'))`);
    await runner.query(`
      ALTER TABLE "templates"."client_services"
        ADD COLUMN "template_version" integer NOT NULL DEFAULT 1 CONSTRAINT "client_services_template_version_positive" CHECK ("template_version" >= 1),
        ADD COLUMN "version_pinned" boolean NOT NULL DEFAULT false,
        ADD COLUMN "custom_headline" text`);
    await runner.query(`
      CREATE TABLE "templates"."template_versions" (
        "template_id" integer NOT NULL REFERENCES "templates"."service_templates" ("id") ON DELETE CASCADE,
        "number" integer NOT NULL CHECK ("number" >= 1),
        "content" jsonb NOT NULL,
        "note" text,
        "rollout" text NOT NULL CHECK ("rollout" IN ('latest', 'staged')),
        "created_by" integer,
        "created_by_name" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("template_id", "number")
      )`);
    // A template made anywhere (the editor, an AI generation, a seed) starts with its first version.
    await runner.query(`
      CREATE FUNCTION "templates"."template_first_version"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "templates"."template_versions" ("template_id", "number", "content", "note", "rollout", "created_at")
        VALUES (NEW."id", NEW."version", ${CONTENT_OF('NEW.')}, 'Created', NEW."rollout", NEW."created_at")
        ON CONFLICT DO NOTHING;
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE TRIGGER "service_templates_first_version" AFTER INSERT ON "templates"."service_templates"
      FOR EACH ROW EXECUTE FUNCTION "templates"."template_first_version"()`);
    await runner.query(`
      INSERT INTO "templates"."template_versions" ("template_id", "number", "content", "note", "rollout", "created_at")
      SELECT "id", 1, ${CONTENT_OF('')},
        'The template as it was when versions began', 'latest', "updated_at"
      FROM "templates"."service_templates"`);
    await runner.query(`
      CREATE TABLE "templates"."template_pushes" (
        "id" serial PRIMARY KEY,
        "template_id" integer NOT NULL REFERENCES "templates"."service_templates" ("id") ON DELETE CASCADE,
        "version" integer NOT NULL,
        "status" text NOT NULL DEFAULT 'queued' CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed')),
        "choices" jsonb NOT NULL DEFAULT '{}',
        "error" text,
        "created_by" integer,
        "created_by_name" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY ("template_id", "version") REFERENCES "templates"."template_versions" ("template_id", "number") ON DELETE CASCADE
      )`);
    await runner.query(`CREATE INDEX "template_pushes_template" ON "templates"."template_pushes" ("template_id", "id" DESC)`);
    await runner.query(`
      CREATE TABLE "templates"."template_push_clinics" (
        "push_id" integer NOT NULL REFERENCES "templates"."template_pushes" ("id") ON DELETE CASCADE,
        "client_service_id" integer NOT NULL REFERENCES "templates"."client_services" ("id") ON DELETE CASCADE,
        "client_id" integer NOT NULL,
        "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'pushed', 'failed', 'rolled-back')),
        "from_version" integer,
        "before" jsonb,
        "after" jsonb,
        "conflicts" jsonb NOT NULL DEFAULT '[]',
        "error" text,
        "rolled_back_at" timestamptz,
        PRIMARY KEY ("push_id", "client_service_id")
      )`);
    await runner.query(`CREATE INDEX "template_push_clinics_service" ON "templates"."template_push_clinics" ("client_service_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of Object.keys(LIST_COLUMNS)) await runner.query(`DROP TRIGGER "${table}_list_item_ids" ON "templates"."${table}"`);
    await runner.query('DROP FUNCTION "templates"."list_item_ids"()');
    await runner.query('DROP FUNCTION "templates"."with_item_ids"(jsonb, text)');
    await runner.query('DROP TABLE "templates"."template_push_clinics"');
    await runner.query('DROP TABLE "templates"."template_pushes"');
    await runner.query('DROP TRIGGER "service_templates_first_version" ON "templates"."service_templates"');
    await runner.query('DROP FUNCTION "templates"."template_first_version"()');
    await runner.query('DROP TABLE "templates"."template_versions"');
    await runner.query('ALTER TABLE "templates"."client_services" DROP COLUMN "template_version", DROP COLUMN "version_pinned", DROP COLUMN "custom_headline"');
    await runner.query('ALTER TABLE "templates"."service_templates" DROP COLUMN "version", DROP COLUMN "rollout"');
  }
}
