import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The agency's list of texts from numbers that are no lead's (docs/speed-to-lead.md#inbound-texts): a few
 * rows among every message, found without reading the rest.
 */
export class IndexUnmatchedTexts1766700000000 implements MigrationInterface {
  name = 'IndexUnmatchedTexts1766700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX "messages_unmatched_idx" ON "leads"."messages" ("phone", "created_at" DESC) WHERE "lead_id" IS NULL AND "direction" = 'in'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "leads"."messages_unmatched_idx"`);
  }
}
