import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Google's search impression share of each campaign and keyword day (impressions
 * received of those it estimates the ad was eligible for, 0.1 to 1, 0.0999 for
 * under 10 %); NULL where Google gives none (docs/results-and-experiments.md#search-impression-share).
 */
export class SearchImpressionShare1767100000000 implements MigrationInterface {
  name = 'SearchImpressionShare1767100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."campaign_performance" ADD COLUMN "search_impression_share" double precision`);
    await runner.query(`ALTER TABLE "ads"."keyword_performance" ADD COLUMN "search_impression_share" double precision`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "ads"."keyword_performance" DROP COLUMN "search_impression_share"`);
    await runner.query(`ALTER TABLE "ads"."campaign_performance" DROP COLUMN "search_impression_share"`);
  }
}
