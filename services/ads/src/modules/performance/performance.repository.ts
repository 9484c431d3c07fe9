import type { DataSource, EntityManager } from 'typeorm';
import type { BudgetLimitedCampaign, CampaignDay, PerformanceAccount, PerformanceSyncState } from '@hap/contracts';
import type { DayRange, KeywordDayRow, PerformanceReport, SearchTermDayRow } from '../../google-ads/ads-gateway';
import { CampaignPerformanceEntity, KeywordPerformanceEntity } from './performance.entity';

/** A clinic's account. */
export interface ClinicAccount {
  clientId: number;
  customerId: string;
}

/** Rows per INSERT: far below PostgreSQL's 65 535 parameters. */
const CHUNK = 1000;

const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** The last row of each key: one INSERT … ON CONFLICT may not touch a row twice. */
function lastByKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

interface AccountRow {
  client_id: number;
  customer_id: string;
  state: PerformanceSyncState;
  message: string | null;
  synced_through: string | null;
  last_synced_at: Date | null;
}

const toAccount = (row: AccountRow): PerformanceAccount => ({
  clientId: row.client_id,
  customerId: row.customer_id,
  state: row.state,
  message: row.message,
  syncedThrough: row.synced_through,
  lastSyncedAt: row.last_synced_at ? new Date(row.last_synced_at).toISOString() : null,
});

const ACCOUNT_COLUMNS = `"client_id", "customer_id", "state", "message", to_char("synced_through", 'YYYY-MM-DD') AS "synced_through", "last_synced_at"`;

/** ads.campaign_performance, ads.keyword_performance, ads.search_term_performance, ads.campaign_states and ads.performance_accounts. */
export class PerformanceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * What Google reported for the range replaces what was kept for it, in
   * one transaction: the range's rows of the account are deleted and the
   * report's written (upserted, so a read of an overlapping range at the
   * same moment cannot add numbers twice); the account reads ok through `to`.
   */
  async replace(account: ClinicAccount, range: DayRange, report: PerformanceReport): Promise<void> {
    const now = new Date();
    await this.dataSource.transaction(async (manager) => {
      const params = [account.customerId, range.from, range.to];
      await manager.query(`DELETE FROM "ads"."campaign_performance" WHERE "customer_id" = $1 AND "date" BETWEEN $2 AND $3`, params);
      await manager.query(`DELETE FROM "ads"."keyword_performance" WHERE "customer_id" = $1 AND "date" BETWEEN $2 AND $3`, params);
      await manager.query(`DELETE FROM "ads"."search_term_performance" WHERE "customer_id" = $1 AND "date" BETWEEN $2 AND $3`, params);
      const campaigns = lastByKey(report.campaigns, (r) => `${r.campaignId}|${r.date}`).map((r) => ({
        customerId: account.customerId,
        clientId: account.clientId,
        campaignId: r.campaignId,
        date: r.date,
        campaignName: r.campaignName,
        ...metricColumns(r),
        searchImpressionShare: r.searchImpressionShare,
        updatedAt: now,
      }));
      for (const rows of chunks(campaigns)) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(CampaignPerformanceEntity)
          .values(rows)
          .orUpdate(['client_id', 'campaign_name', 'impressions', 'clicks', 'cost_micros', 'conversions', 'conversion_value', 'search_impression_share', 'updated_at'], ['customer_id', 'campaign_id', 'date'])
          .execute();
      }
      const keywords = lastByKey(report.keywords, (r: KeywordDayRow) => `${r.campaignId}|${r.adGroupId}|${r.criterionId}|${r.date}`).map((r) => ({
        customerId: account.customerId,
        clientId: account.clientId,
        campaignId: r.campaignId,
        adGroupId: r.adGroupId,
        criterionId: r.criterionId,
        date: r.date,
        adGroupName: r.adGroupName,
        keywordText: r.keywordText,
        matchType: r.matchType,
        ...metricColumns(r),
        searchImpressionShare: r.searchImpressionShare,
        updatedAt: now,
      }));
      for (const rows of chunks(keywords)) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(KeywordPerformanceEntity)
          .values(rows)
          .orUpdate(
            ['client_id', 'ad_group_name', 'keyword_text', 'match_type', 'impressions', 'clicks', 'cost_micros', 'conversions', 'conversion_value', 'search_impression_share', 'updated_at'],
            ['customer_id', 'campaign_id', 'ad_group_id', 'criterion_id', 'date'],
          )
          .execute();
      }
      // The account's campaigns now: the read's states replace the last read's.
      await manager.query(`DELETE FROM "ads"."campaign_states" WHERE "customer_id" = $1`, [account.customerId]);
      for (const rows of chunks(lastByKey(report.states, (r) => r.campaignId))) {
        const values = rows.map((_, i) => `($1, $2, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5}, $${i * 5 + 6}, $${i * 5 + 7}, now())`).join(', ');
        await manager.query(
          `INSERT INTO "ads"."campaign_states" ("customer_id", "client_id", "campaign_id", "status", "serving_status", "budget_micros", "budget_limited", "read_at") VALUES ${values}`,
          [account.customerId, account.clientId, ...rows.flatMap((r) => [r.campaignId, r.status, r.servingStatus, r.budgetMicros, r.budgetLimited])],
        );
      }
      const terms = lastByKey(report.searchTerms, (r: SearchTermDayRow) => `${r.campaignId}|${r.adGroupId}|${r.searchTerm}|${r.date}`);
      for (const rows of chunks(terms)) {
        // Eleven columns a row: 1,000 rows stay far below PostgreSQL's parameter limit.
        const values = rows.map((_, i) => `(${Array.from({ length: 11 }, (__, j) => `$${i * 11 + j + 1}`).join(', ')})`).join(', ');
        await manager.query(
          `INSERT INTO "ads"."search_term_performance"
             ("customer_id", "client_id", "campaign_id", "ad_group_id", "search_term", "date", "impressions", "clicks", "cost_micros", "conversions", "conversion_value")
           VALUES ${values}
           ON CONFLICT ("customer_id", "campaign_id", "ad_group_id", "search_term", "date") DO UPDATE SET "client_id" = EXCLUDED."client_id",
             "impressions" = EXCLUDED."impressions", "clicks" = EXCLUDED."clicks", "cost_micros" = EXCLUDED."cost_micros",
             "conversions" = EXCLUDED."conversions", "conversion_value" = EXCLUDED."conversion_value", "updated_at" = now()`,
          rows.flatMap((r) => [account.customerId, account.clientId, r.campaignId, r.adGroupId, r.searchTerm, r.date, r.impressions, r.clicks, r.costMicros, r.conversions, r.conversionValue]),
        );
      }
      await manager.query(
        `INSERT INTO "ads"."performance_accounts" ("customer_id", "client_id", "state", "message", "synced_through", "last_synced_at", "updated_at")
         VALUES ($1, $2, 'ok', NULL, $3, $4, $4)
         ON CONFLICT ("customer_id") DO UPDATE SET "client_id" = EXCLUDED."client_id", "state" = 'ok', "message" = NULL,
           "synced_through" = GREATEST("performance_accounts"."synced_through", EXCLUDED."synced_through"), "last_synced_at" = EXCLUDED."last_synced_at", "updated_at" = EXCLUDED."updated_at"`,
        [account.customerId, account.clientId, range.to, now],
      );
    });
  }

  /** The account's state and why (refused: Google's words); its numbers and the day it was read through stay. */
  async mark(account: ClinicAccount, state: PerformanceSyncState, message: string | null, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO "ads"."performance_accounts" ("customer_id", "client_id", "state", "message", "updated_at") VALUES ($1, $2, $3, $4, now())
       ON CONFLICT ("customer_id") DO UPDATE SET "client_id" = EXCLUDED."client_id", "state" = EXCLUDED."state", "message" = EXCLUDED."message", "updated_at" = now()`,
      [account.customerId, account.clientId, state, message],
    );
  }

  /** Accounts about to be read: new ones are pending; known ones keep their state. */
  async expect(accounts: readonly ClinicAccount[]): Promise<void> {
    if (accounts.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO "ads"."performance_accounts" ("customer_id", "client_id", "state", "updated_at")
       SELECT a."customer_id", a."client_id", 'pending', now() FROM jsonb_to_recordset($1::jsonb) AS a("customer_id" text, "client_id" integer)
       ON CONFLICT ("customer_id") DO UPDATE SET "client_id" = EXCLUDED."client_id"`,
      [JSON.stringify(lastByKey(accounts, (a) => a.customerId).map((a) => ({ customer_id: a.customerId, client_id: a.clientId })))],
    );
  }

  /** Campaign days in the range (one clinic's, or all), by day, clinic and campaign. */
  async days(range: DayRange, clientId?: number): Promise<CampaignDay[]> {
    const rows = (await this.dataSource.query(
      `SELECT to_char("date", 'YYYY-MM-DD') AS "date", "client_id", "customer_id", "campaign_id", "campaign_name",
              "impressions"::text, "clicks"::text, "cost_micros"::text, "conversions", "conversion_value", "search_impression_share"
       FROM "ads"."campaign_performance"
       WHERE "date" BETWEEN $1 AND $2 AND ($3::integer IS NULL OR "client_id" = $3)
       ORDER BY "date", "client_id", "customer_id", "campaign_id"`,
      [range.from, range.to, clientId ?? null],
    )) as Array<Record<string, string | number | null>>;
    return rows.map((r) => ({
      date: String(r.date),
      clientId: Number(r.client_id),
      customerId: String(r.customer_id),
      campaignId: String(r.campaign_id),
      campaignName: String(r.campaign_name),
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      costMicros: Number(r.cost_micros),
      conversions: Number(r.conversions),
      conversionValue: Number(r.conversion_value),
      searchImpressionShare: r.search_impression_share === null ? null : Number(r.search_impression_share),
    }));
  }

  /** Enabled campaigns Google limits by their budget now (one clinic's, or all), from the last read's states. */
  async budgetLimited(clientId?: number): Promise<BudgetLimitedCampaign[]> {
    const rows = (await this.dataSource.query(
      `SELECT "client_id", "campaign_id", "budget_micros"::text FROM "ads"."campaign_states"
       WHERE "budget_limited" AND "status" = 'ENABLED' AND ($1::integer IS NULL OR "client_id" = $1)
       ORDER BY "client_id", "campaign_id"`,
      [clientId ?? null],
    )) as Array<{ client_id: number; campaign_id: string; budget_micros: string }>;
    return rows.map((r) => ({ clientId: Number(r.client_id), campaignId: r.campaign_id, budgetMicros: Number(r.budget_micros) }));
  }

  /** Keyword days of one account in the range (for tests and a later screen). */
  async keywordDays(customerId: string, range: DayRange): Promise<KeywordPerformanceEntity[]> {
    return this.dataSource
      .getRepository(KeywordPerformanceEntity)
      .createQueryBuilder('k')
      .where('k.customer_id = :customerId AND k.date BETWEEN :from AND :to', { customerId, ...range })
      .orderBy('k.date')
      .addOrderBy('k.criterion_id')
      .getMany();
  }

  /** Account states (one clinic's, or every one known), by clinic. */
  async accounts(clientId?: number): Promise<PerformanceAccount[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${ACCOUNT_COLUMNS} FROM "ads"."performance_accounts" WHERE ($1::integer IS NULL OR "client_id" = $1) ORDER BY "client_id", "customer_id"`,
      [clientId ?? null],
    )) as AccountRow[];
    return rows.map(toAccount);
  }

  /** The states of these accounts. */
  async accountsOf(customerIds: readonly string[]): Promise<PerformanceAccount[]> {
    const rows = (await this.dataSource.query(`SELECT ${ACCOUNT_COLUMNS} FROM "ads"."performance_accounts" WHERE "customer_id" = ANY($1::text[]) ORDER BY "client_id", "customer_id"`, [
      customerIds,
    ])) as AccountRow[];
    return rows.map(toAccount);
  }
}

const metricColumns = (r: { impressions: number; clicks: number; costMicros: number; conversions: number; conversionValue: number }) => ({
  impressions: String(r.impressions),
  clicks: String(r.clicks),
  costMicros: String(r.costMicros),
  conversions: r.conversions,
  conversionValue: r.conversionValue,
});
