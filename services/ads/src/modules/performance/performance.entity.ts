import type { PerformanceSyncState } from '@hap/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The metrics of a row, as Google reports them (cost in micros; bigints arrive as strings). */
abstract class PerformanceMetrics {
  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'impressions', type: 'bigint' })
  impressions: string;

  @Column({ name: 'clicks', type: 'bigint' })
  clicks: string;

  @Column({ name: 'cost_micros', type: 'bigint' })
  costMicros: string;

  @Column({ name: 'conversions', type: 'double precision' })
  conversions: number;

  @Column({ name: 'conversion_value', type: 'double precision' })
  conversionValue: number;

  /** Google's search impression share of the day (0.1–1, 0.0999 for under 10 %); null where it gives none. */
  @Column({ name: 'search_impression_share', type: 'double precision', nullable: true })
  searchImpressionShare: number | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** ads.campaign_performance: one campaign's day in one clinic account. */
@Entity({ name: 'campaign_performance' })
export class CampaignPerformanceEntity extends PerformanceMetrics {
  @PrimaryColumn({ name: 'customer_id', type: 'text' })
  customerId: string;

  @PrimaryColumn({ name: 'campaign_id', type: 'text' })
  campaignId: string;

  /** YYYY-MM-DD (Google's segments.date). */
  @PrimaryColumn({ name: 'date', type: 'date' })
  date: string;

  @Column({ name: 'campaign_name', type: 'text' })
  campaignName: string;
}

/** ads.keyword_performance: one keyword's day (keyword_view), with its ad group. */
@Entity({ name: 'keyword_performance' })
export class KeywordPerformanceEntity extends PerformanceMetrics {
  @PrimaryColumn({ name: 'customer_id', type: 'text' })
  customerId: string;

  @PrimaryColumn({ name: 'campaign_id', type: 'text' })
  campaignId: string;

  @PrimaryColumn({ name: 'ad_group_id', type: 'text' })
  adGroupId: string;

  @PrimaryColumn({ name: 'criterion_id', type: 'text' })
  criterionId: string;

  @PrimaryColumn({ name: 'date', type: 'date' })
  date: string;

  @Column({ name: 'ad_group_name', type: 'text' })
  adGroupName: string;

  @Column({ name: 'keyword_text', type: 'text' })
  keywordText: string;

  /** EXACT, PHRASE, BROAD (Google's KeywordMatchType name). */
  @Column({ name: 'match_type', type: 'text' })
  matchType: string;
}

/** ads.performance_accounts: how each clinic account's reports stand. */
@Entity({ name: 'performance_accounts' })
export class PerformanceAccountEntity {
  @PrimaryColumn({ name: 'customer_id', type: 'text' })
  customerId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'state', type: 'text' })
  state: PerformanceSyncState;

  /** Google's words (refused) or ours (disconnected, unreachable). */
  @Column({ name: 'message', type: 'text', nullable: true })
  message: string | null;

  @Column({ name: 'synced_through', type: 'date', nullable: true })
  syncedThrough: string | null;

  @Column({ name: 'last_synced_at', type: 'timestamptz', nullable: true })
  lastSyncedAt: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
