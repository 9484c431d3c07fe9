import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clinic's lead webhook: where leads POSTs each new lead, and the secret it
 * signs the body with (HMAC-SHA256). Both empty until an admin sets a URL.
 */
export class AddClientWebhook1764400000000 implements MigrationInterface {
  name = 'AddClientWebhook1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" ADD COLUMN "webhook_url" text, ADD COLUMN "webhook_secret" text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "tenant"."clients" DROP COLUMN "webhook_secret", DROP COLUMN "webhook_url"`);
  }
}
