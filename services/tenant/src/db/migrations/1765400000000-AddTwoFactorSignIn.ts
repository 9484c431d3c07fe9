import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in: a user's TOTP secret, encrypted
 * (AES-256-GCM, MFA_SECRET_KEY), pending until a code from it is confirmed;
 * when it was turned on; the last time step a code was accepted for (a code
 * is never accepted twice); and ten recovery codes, of which only a SHA-256
 * is kept, each used once.
 */
export class AddTwoFactorSignIn1765400000000 implements MigrationInterface {
  name = 'AddTwoFactorSignIn1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "tenant"."users"
        ADD COLUMN "mfa_secret" text,
        ADD COLUMN "mfa_pending_secret" text,
        ADD COLUMN "mfa_enabled_at" timestamptz,
        ADD COLUMN "mfa_last_step" bigint,
        ADD CONSTRAINT "users_mfa_enabled_check" CHECK (("mfa_enabled_at" IS NULL) = ("mfa_secret" IS NULL))`);
    await runner.query(`
      CREATE TABLE "tenant"."user_recovery_codes" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "tenant"."users" ("id") ON DELETE CASCADE,
        "code_hash" text NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX "user_recovery_codes_user_hash_key" ON "tenant"."user_recovery_codes" ("user_id", "code_hash")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "tenant"."user_recovery_codes"`);
    await runner.query(`
      ALTER TABLE "tenant"."users"
        DROP CONSTRAINT "users_mfa_enabled_check",
        DROP COLUMN "mfa_last_step",
        DROP COLUMN "mfa_enabled_at",
        DROP COLUMN "mfa_pending_secret",
        DROP COLUMN "mfa_secret"`);
  }
}
