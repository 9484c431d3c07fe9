import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Keyword pauses are recommendations applied too (docs/campaigns.md#recommendations): their subject is `<ad group id>~<criterion id>`. */
export class PauseKeywordActions1767000000000 implements MigrationInterface {
  name = 'PauseKeywordActions1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."recommendation_actions" DROP CONSTRAINT "recommendation_actions_kind_check"`);
    await runner.query(`ALTER TABLE "ads"."recommendation_actions" ADD CONSTRAINT "recommendation_actions_kind_check" CHECK ("kind" IN ('negative_keyword', 'pause_keyword'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM "ads"."recommendation_actions" WHERE "kind" = 'pause_keyword'`);
    await runner.query(`ALTER TABLE "ads"."recommendation_actions" DROP CONSTRAINT "recommendation_actions_kind_check"`);
    await runner.query(`ALTER TABLE "ads"."recommendation_actions" ADD CONSTRAINT "recommendation_actions_kind_check" CHECK ("kind" IN ('negative_keyword'))`);
  }
}
