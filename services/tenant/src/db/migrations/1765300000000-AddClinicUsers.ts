import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clinic users: a user belongs to one clinic as its owner or
 * staff (admins have neither), may be disabled, and has no password until
 * they accept their invitation. `auth_version` is bumped whenever their
 * sessions must end (disable, password change, role change). One-time links
 * (invitation, password reset) keep only a SHA-256 of their token.
 */
export class AddClinicUsers1765300000000 implements MigrationInterface {
  name = 'AddClinicUsers1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "tenant"."users"
        ADD COLUMN "client_id" integer REFERENCES "tenant"."clients" ("id") ON DELETE CASCADE,
        ADD COLUMN "role" text CONSTRAINT "users_role_check" CHECK ("role" IN ('owner', 'staff')),
        ADD COLUMN "disabled_at" timestamptz,
        ADD COLUMN "auth_version" integer NOT NULL DEFAULT 1,
        ADD COLUMN "last_login_at" timestamptz,
        ALTER COLUMN "password_hash" DROP NOT NULL,
        ADD CONSTRAINT "users_clinic_role_check" CHECK (("client_id" IS NULL) = ("role" IS NULL)),
        ADD CONSTRAINT "users_admin_not_clinic_check" CHECK (NOT ("is_admin" AND "client_id" IS NOT NULL))`);
    await runner.query(`CREATE INDEX "users_client_id_idx" ON "tenant"."users" ("client_id") WHERE "client_id" IS NOT NULL`);
    await runner.query(`
      CREATE TABLE "tenant"."user_tokens" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "tenant"."users" ("id") ON DELETE CASCADE,
        "purpose" text NOT NULL CONSTRAINT "user_tokens_purpose_check" CHECK ("purpose" IN ('invite', 'reset')),
        "token_hash" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "tenant"."user_tokens" ("token_hash")`);
    await runner.query(`CREATE INDEX "user_tokens_user_id_idx" ON "tenant"."user_tokens" ("user_id", "purpose")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "tenant"."user_tokens"`);
    await runner.query(`DELETE FROM "tenant"."users" WHERE "password_hash" IS NULL`);
    await runner.query(`
      ALTER TABLE "tenant"."users"
        DROP CONSTRAINT "users_admin_not_clinic_check",
        DROP CONSTRAINT "users_clinic_role_check",
        ALTER COLUMN "password_hash" SET NOT NULL,
        DROP COLUMN "last_login_at",
        DROP COLUMN "auth_version",
        DROP COLUMN "disabled_at",
        DROP COLUMN "role",
        DROP COLUMN "client_id"`);
  }
}
