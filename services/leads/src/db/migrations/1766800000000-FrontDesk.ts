import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The front desk's tools on a lead (docs/leads.md#the-front-desk): the lead's assignee, notes and every version
 * of them, calls with their outcome, tasks, the round-robin cursor of each clinic, and the notices (an
 * assignment, a task due) the worker pushes to one user once.
 */
export class FrontDesk1766800000000 implements MigrationInterface {
  name = 'FrontDesk1766800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "leads"."leads"
        ADD COLUMN "assignee_user_id" integer,
        ADD COLUMN "assignee_name" text`);
    await runner.query(`CREATE INDEX "leads_assignee_idx" ON "leads"."leads" ("client_id", "assignee_user_id") WHERE "assignee_user_id" IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "leads"."lead_notes" (
        "id" bigserial PRIMARY KEY,
        "lead_id" bigint NOT NULL REFERENCES "leads"."leads" ("id") ON DELETE CASCADE,
        "client_id" integer NOT NULL,
        "author_user_id" integer,
        "author_kind" text NOT NULL CHECK ("author_kind" IN ('clinic', 'admin')),
        "author_name" text,
        "body" text NOT NULL,
        "version" integer NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`CREATE INDEX "lead_notes_lead_idx" ON "leads"."lead_notes" ("lead_id", "id")`);
    await runner.query(`
      CREATE TABLE "leads"."lead_note_versions" (
        "note_id" bigint NOT NULL REFERENCES "leads"."lead_notes" ("id") ON DELETE CASCADE,
        "version" integer NOT NULL,
        "body" text NOT NULL,
        "by_user_id" integer,
        "by_kind" text NOT NULL CHECK ("by_kind" IN ('clinic', 'admin')),
        "by_name" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("note_id", "version"))`);
    await runner.query(`
      CREATE TABLE "leads"."lead_calls" (
        "id" bigserial PRIMARY KEY,
        "lead_id" bigint NOT NULL REFERENCES "leads"."leads" ("id") ON DELETE CASCADE,
        "client_id" integer NOT NULL,
        "outcome" text NOT NULL CHECK ("outcome" IN ('reached', 'voicemail', 'no_answer', 'wrong_number', 'booked')),
        "note" text,
        "by_user_id" integer,
        "by_kind" text NOT NULL CHECK ("by_kind" IN ('clinic', 'admin')),
        "by_name" text,
        "created_at" timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`CREATE INDEX "lead_calls_lead_idx" ON "leads"."lead_calls" ("lead_id", "created_at")`);
    await runner.query(`
      CREATE TABLE "leads"."tasks" (
        "id" bigserial PRIMARY KEY,
        "client_id" integer NOT NULL,
        "lead_id" bigint REFERENCES "leads"."leads" ("id") ON DELETE CASCADE,
        "title" text NOT NULL,
        "due_at" timestamptz NOT NULL,
        "assignee_user_id" integer NOT NULL,
        "assignee_name" text,
        "done" boolean NOT NULL DEFAULT false,
        "done_at" timestamptz,
        "created_by_user_id" integer,
        "created_by_kind" text NOT NULL CHECK ("created_by_kind" IN ('clinic', 'admin')),
        "created_by_name" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await runner.query(`CREATE INDEX "tasks_client_idx" ON "leads"."tasks" ("client_id", "done", "due_at")`);
    await runner.query(`CREATE INDEX "tasks_lead_idx" ON "leads"."tasks" ("lead_id") WHERE "lead_id" IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "leads"."round_robin" (
        "client_id" integer PRIMARY KEY,
        "last_user_id" integer NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now())`);
    // One notice per assignment, one per task (its due time moved: the same row, due again).
    await runner.query(`
      CREATE TABLE "leads"."user_notices" (
        "id" bigserial PRIMARY KEY,
        "client_id" integer NOT NULL,
        "user_id" integer NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('assigned', 'task_due')),
        "lead_id" bigint REFERENCES "leads"."leads" ("id") ON DELETE CASCADE,
        "task_id" bigint REFERENCES "leads"."tasks" ("id") ON DELETE CASCADE,
        "due_at" timestamptz NOT NULL,
        "sent_at" timestamptz,
        "outcome" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CHECK (("kind" = 'task_due') = ("task_id" IS NOT NULL)))`);
    await runner.query(`CREATE UNIQUE INDEX "user_notices_task_key" ON "leads"."user_notices" ("task_id") WHERE "task_id" IS NOT NULL`);
    await runner.query(`CREATE INDEX "user_notices_due_idx" ON "leads"."user_notices" ("due_at") WHERE "sent_at" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "leads"."user_notices"`);
    await runner.query(`DROP TABLE "leads"."round_robin"`);
    await runner.query(`DROP TABLE "leads"."tasks"`);
    await runner.query(`DROP TABLE "leads"."lead_calls"`);
    await runner.query(`DROP TABLE "leads"."lead_note_versions"`);
    await runner.query(`DROP TABLE "leads"."lead_notes"`);
    await runner.query(`DROP INDEX "leads"."leads_assignee_idx"`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP COLUMN "assignee_name", DROP COLUMN "assignee_user_id"`);
  }
}
