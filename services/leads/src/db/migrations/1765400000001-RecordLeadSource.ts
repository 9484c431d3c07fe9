import type { MigrationInterface, QueryRunner } from 'typeorm';
import { campaignIdOf, trafficSourceOf } from '@hap/contracts';

/**
 * Results divide leads by the same source as page views (docs/results-and-experiments.md
 * and 3): `traffic_source` is the lead's attributed touch (last, else first)
 * classified by the shared rule (contracts results/traffic-source.ts), and
 * `campaign_id` the Google Ads campaign its landing URL carried (`hap_cid`).
 * Both are written with the lead; existing leads are classified here, in
 * batches, from the touch columns they were stored with.
 */
export class RecordLeadSource1765400000001 implements MigrationInterface {
  name = 'RecordLeadSource1765400000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "leads"."leads" ADD COLUMN "traffic_source" text NOT NULL DEFAULT 'direct'`);
    await runner.query(`ALTER TABLE "leads"."leads" ADD COLUMN "campaign_id" text`);
    const BATCH = 1000;
    for (let after = 0; ; ) {
      const rows = (await runner.query(
        `SELECT "id", "utm_source", "utm_medium", "gclid", "gbraid", "wbraid", "fbclid", "referrer", "last_touch", "first_touch"
         FROM "leads"."leads" WHERE "id" > $1 ORDER BY "id" LIMIT ${BATCH}`,
        [after],
      )) as Array<{ id: number; utm_source: string | null; utm_medium: string | null; gclid: string | null; gbraid: string | null; wbraid: string | null; fbclid: string | null; referrer: string | null; last_touch: { campaignId?: string | null } | null; first_touch: { campaignId?: string | null } | null }>;
      if (rows.length === 0) break;
      const sources = rows.map((r) =>
        trafficSourceOf({ utmSource: r.utm_source, utmMedium: r.utm_medium, gclid: r.gclid, gbraid: r.gbraid, wbraid: r.wbraid, fbclid: r.fbclid, referrer: r.referrer }),
      );
      const campaigns = rows.map((r) => campaignIdOf((r.last_touch ?? r.first_touch)?.campaignId));
      await runner.query(
        `UPDATE "leads"."leads" AS l SET "traffic_source" = v."source", "campaign_id" = v."campaign"
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v("id", "source", "campaign") WHERE l."id" = v."id"`,
        [rows.map((r) => r.id), sources, campaigns],
      );
      after = rows[rows.length - 1]!.id;
    }
    await runner.query(`ALTER TABLE "leads"."leads" ALTER COLUMN "traffic_source" DROP DEFAULT`);
    await runner.query(
      `ALTER TABLE "leads"."leads" ADD CONSTRAINT "leads_traffic_source_check" CHECK ("traffic_source" IN ('paid_google', 'paid_social', 'organic_search', 'referral', 'direct'))`,
    );    // The admin sidebar's live count of new leads (GET /api/leads/new) reads only these.
    await runner.query(`CREATE INDEX "leads_new_idx" ON "leads"."leads" ("created_at") WHERE "status" = 'new'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "leads"."leads_new_idx"`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP CONSTRAINT "leads_traffic_source_check"`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP COLUMN "campaign_id"`);
    await runner.query(`ALTER TABLE "leads"."leads" DROP COLUMN "traffic_source"`);
  }
}
