import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn), for admins and clinic users alike: each
 * user's credentials (id, COSE public key, signature counter, transports,
 * a name the user chose, when added and last used), and per user a random
 * WebAuthn user handle, which a passkey hands back at a sign-in with no
 * e-mail (so no database id or e-mail goes to the authenticator).
 */
export class AddPasskeys1765700000000 implements MigrationInterface {
  name = 'AddPasskeys1765700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."users" ADD COLUMN "webauthn_handle" text`);
    await runner.query(`CREATE UNIQUE INDEX "users_webauthn_handle_key" ON "tenant"."users" ("webauthn_handle")`);
    await runner.query(`
      CREATE TABLE "tenant"."user_passkeys" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "tenant"."users" ("id") ON DELETE CASCADE,
        "credential_id" text NOT NULL,
        "public_key" bytea NOT NULL,
        "counter" bigint NOT NULL DEFAULT 0,
        "transports" text[] NOT NULL DEFAULT '{}',
        "name" text NOT NULL,
        "device_type" text NOT NULL,
        "backed_up" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz
      )`);
    await runner.query(`CREATE UNIQUE INDEX "user_passkeys_credential_id_key" ON "tenant"."user_passkeys" ("credential_id")`);
    await runner.query(`CREATE INDEX "user_passkeys_user_id_idx" ON "tenant"."user_passkeys" ("user_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "tenant"."user_passkeys"`);
    await runner.query(`DROP INDEX "tenant"."users_webauthn_handle_key"`);
    await runner.query(`ALTER TABLE "tenant"."users" DROP COLUMN "webauthn_handle"`);
  }
}
