import { searchImpressionShareOf, type KeywordFigures, type RecommendationAction, type RecommendationKind, type SearchTerm } from '@hap/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { DayRange } from '../../google-ads/ads-gateway';

interface ActionRow {
  id: string;
  kind: RecommendationKind;
  client_id: number;
  customer_id: string;
  campaign_id: string;
  campaign_name: string;
  subject: string;
  change: string;
  resource_name: string;
  evidence: { keyword?: string } | null;
  status: 'applied' | 'undone';
  applied_by: string | null;
  applied_at: Date;
  undone_at: Date | null;
}

/** An applied change with what undoing it needs (the criterion's resource name). */
export interface StoredAction extends RecommendationAction {
  resourceName: string;
}

const toAction = (r: ActionRow): StoredAction => ({
  id: String(r.id),
  kind: r.kind,
  clientId: r.client_id,
  customerId: r.customer_id,
  campaignId: r.campaign_id,
  campaignName: r.campaign_name,
  // A keyword pause's subject is Google's `<ad group id>~<criterion id>`; its words are the keyword's.
  searchTerm: r.kind === 'pause_keyword' ? (r.evidence?.keyword ?? r.subject) : r.subject,
  change: r.change,
  status: r.status,
  appliedAt: new Date(r.applied_at).toISOString(),
  appliedBy: r.applied_by,
  undoneAt: r.undone_at ? new Date(r.undone_at).toISOString() : null,
  resourceName: r.resource_name,
});

/** The campaign's name as Google last reported it (its latest day), beside rows aliased `x`, as `n`. */
const latestCampaignName = (x: string) => `LEFT JOIN LATERAL (
         SELECT c."campaign_name" FROM "ads"."campaign_performance" c
         WHERE c."customer_id" = ${x}."customer_id" AND c."campaign_id" = ${x}."campaign_id" ORDER BY c."date" DESC LIMIT 1
       ) n ON true`;

/** The figures of rows aliased `x`, added up. */
const summed = (x: string) =>
  `sum(${x}."impressions")::float8 AS "impressions", sum(${x}."clicks")::float8 AS "clicks", sum(${x}."cost_micros")::float8 AS "cost_micros", sum(${x}."conversions")::float8 AS "conversions"`;

/** Those figures as read: cost in dollars, to the cent. */
const figuresOf = (r: Record<string, string | number>) => ({
  impressions: Number(r.impressions),
  clicks: Number(r.clicks),
  cost: Math.round(Number(r.cost_micros) / 10_000) / 100,
  conversions: Number(r.conversions),
});

/** ads.search_term_performance read for recommendations, and ads.recommendation_actions (docs/campaigns.md#recommendations). */
export class RecommendationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One clinic account's search terms over the range, each ad group's added up, with the
   * campaign's name as Google last reported it; the costliest first, at most `limit`.
   */
  async searchTerms(clientId: number, customerId: string, range: DayRange, limit: number | null, manager: EntityManager = this.dataSource.manager): Promise<SearchTerm[]> {
    const rows = (await manager.query(
      `SELECT t."campaign_id", coalesce(n."campaign_name", 'Campaign ' || t."campaign_id") AS "campaign_name", t."ad_group_id", t."search_term",
              ${summed('t')}
       FROM "ads"."search_term_performance" t
       ${latestCampaignName('t')}
       WHERE t."client_id" = $1 AND t."customer_id" = $2 AND t."date" BETWEEN $3 AND $4
       GROUP BY 1, 2, 3, 4
       ORDER BY sum(t."cost_micros") DESC, t."search_term"
       LIMIT $5`,
      [clientId, customerId, range.from, range.to, limit],
    )) as Array<Record<string, string | number> & { shares: Array<{ impressions: number; searchImpressionShare: number }> }>;
    return rows.map((r) => ({
      campaignId: String(r.campaign_id),
      campaignName: String(r.campaign_name),
      adGroupId: String(r.ad_group_id),
      searchTerm: String(r.search_term),
      ...figuresOf(r),
    }));
  }

  /**
   * One clinic account's keywords over the range (ads.keyword_performance), each with its ad group and the
   * campaign's name as Google last reported them; the costliest first.
   */
  async keywords(clientId: number, customerId: string, range: DayRange, manager: EntityManager = this.dataSource.manager): Promise<KeywordFigures[]> {
    const rows = (await manager.query(
      `SELECT k."campaign_id", coalesce(n."campaign_name", 'Campaign ' || k."campaign_id") AS "campaign_name", k."ad_group_id", k."criterion_id",
              (array_agg(k."ad_group_name" ORDER BY k."date" DESC))[1] AS "ad_group_name", (array_agg(k."keyword_text" ORDER BY k."date" DESC))[1] AS "keyword_text",
              (array_agg(k."match_type" ORDER BY k."date" DESC))[1] AS "match_type",
              coalesce(json_agg(json_build_object('impressions', k."impressions", 'searchImpressionShare', k."search_impression_share"))
                FILTER (WHERE k."search_impression_share" IS NOT NULL), '[]') AS "shares",
              ${summed('k')}
       FROM "ads"."keyword_performance" k
       ${latestCampaignName('k')}
       WHERE k."client_id" = $1 AND k."customer_id" = $2 AND k."date" BETWEEN $3 AND $4
       GROUP BY 1, 2, 3, 4
       ORDER BY sum(k."cost_micros") DESC`,
      [clientId, customerId, range.from, range.to],
    )) as Array<Record<string, string | number> & { shares: Array<{ impressions: number; searchImpressionShare: number }> }>;
    return rows.map((r) => ({
      campaignId: String(r.campaign_id),
      campaignName: String(r.campaign_name),
      adGroupId: String(r.ad_group_id),
      adGroupName: String(r.ad_group_name),
      criterionId: String(r.criterion_id),
      keyword: String(r.keyword_text),
      matchType: String(r.match_type),
      ...figuresOf(r),
      searchImpressionShare: searchImpressionShareOf(r.shares),
    }));
  }

  /** One clinic's changes at a time: a second apply or undo waits for the first, then finds it done. */
  async lock(clientId: number, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`recommendations:${clientId}`]);
  }

  /** The clinic's applied changes (not undone), as `<campaign id>:<subject>` keys (a term, or a keyword's `<ad group id>~<criterion id>`). */
  async appliedKeys(clientId: number, manager: EntityManager = this.dataSource.manager): Promise<Set<string>> {
    const rows = (await manager.query(`SELECT "campaign_id", "subject" FROM "ads"."recommendation_actions" WHERE "client_id" = $1 AND "status" = 'applied'`, [clientId])) as Array<{
      campaign_id: string;
      subject: string;
    }>;
    return new Set(rows.map((r) => `${r.campaign_id}:${r.subject}`));
  }

  async applied(clientId: number, kind: RecommendationKind, campaignId: string, subject: string, manager: EntityManager): Promise<StoredAction | null> {
    const [row] = (await manager.query(
      `SELECT * FROM "ads"."recommendation_actions" WHERE "client_id" = $1 AND "kind" = $2 AND "campaign_id" = $3 AND "subject" = $4 AND "status" = 'applied'`,
      [clientId, kind, campaignId, subject],
    )) as ActionRow[];
    return row ? toAction(row) : null;
  }

  async get(id: string, manager: EntityManager = this.dataSource.manager): Promise<StoredAction | null> {
    const [row] = (await manager.query(`SELECT * FROM "ads"."recommendation_actions" WHERE "id" = $1`, [id])) as ActionRow[];
    return row ? toAction(row) : null;
  }

  /** The clinic's changes, newest first. */
  async actions(clientId: number, limit: number): Promise<StoredAction[]> {
    const rows = (await this.dataSource.query(`SELECT * FROM "ads"."recommendation_actions" WHERE "client_id" = $1 ORDER BY "applied_at" DESC, "id" DESC LIMIT $2`, [clientId, limit])) as ActionRow[];
    return rows.map(toAction);
  }

  async insert(
    action: { clientId: number; customerId: string; kind: RecommendationKind; campaignId: string; campaignName: string; subject: string; change: string; evidence: object; resourceName: string; appliedBy: string | null },
    manager: EntityManager,
  ): Promise<StoredAction> {
    const [row] = (await manager.query(
      `INSERT INTO "ads"."recommendation_actions" ("client_id", "customer_id", "kind", "campaign_id", "campaign_name", "subject", "change", "evidence", "resource_name", "applied_by")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [action.clientId, action.customerId, action.kind, action.campaignId, action.campaignName, action.subject, action.change, JSON.stringify(action.evidence), action.resourceName, action.appliedBy],
    )) as ActionRow[];
    return toAction(row!);
  }

  async markUndone(id: string, manager: EntityManager): Promise<StoredAction> {
    const [rows] = (await manager.query(`UPDATE "ads"."recommendation_actions" SET "status" = 'undone', "undone_at" = now() WHERE "id" = $1 RETURNING *`, [id])) as [ActionRow[], number];
    return toAction(rows[0]!);
  }
}
