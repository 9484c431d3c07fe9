import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Google Ads OAuth states handed out and not yet used: each connects once (oauth-state.repository.ts). */
export class OAuthStates1765000000000 implements MigrationInterface {
  name = 'OAuthStates1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "ads"."oauth_states" ("nonce" text PRIMARY KEY, "expires_at" timestamptz NOT NULL)`);
    await runner.query(`CREATE INDEX "oauth_states_expires_at_idx" ON "ads"."oauth_states" ("expires_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "ads"."oauth_states"`);
  }
}
