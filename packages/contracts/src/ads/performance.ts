import { z } from 'zod';
import { idField, timestamp } from '../fields';

/**
 * Google Ads performance: what each connected clinic
 * account's campaigns did, by day, read with GAQL by the ads worker (hourly,
 * on demand, and a 30-day backfill on connect) and kept in
 * ads.campaign_performance (campaign by day) and ads.keyword_performance (ad
 * group and keyword by day). Money is in micros, as Google reports it.
 */

/** YYYY-MM-DD and a day of the calendar (not 2026-02-30). */
const isRealDay = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A UTC calendar day, YYYY-MM-DD; one message for each problem (a malformed day is not also called unreal). */
export const isoDay = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-11-27` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} must be a date like 2026-11-27`, abort: true })
    .refine(isRealDay, `${label} must be a real date`);

/** The longest range one question may cover (a year and a day: a year compared with the one before). */
export const MAX_RANGE_DAYS = 366;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Both ends are real days: only then do order and length mean anything (a bad day has its own message). */
const bothReal = (v: unknown) => isRealDay((v as { from?: unknown }).from) && isRealDay((v as { to?: unknown }).to);

/** from ≤ to, at most MAX_RANGE_DAYS days. */
export const dayRange = <T extends z.ZodObject<{ from: z.ZodType<string>; to: z.ZodType<string> }>>(schema: T) =>
  schema
    .refine((v) => !bothReal(v) || (v as { from: string; to: string }).from <= (v as { from: string; to: string }).to, { message: 'from must not be after to', path: ['from'] })
    .refine((v) => !bothReal(v) || dayNumber((v as { to: string }).to) - dayNumber((v as { from: string }).from) < MAX_RANGE_DAYS, {
      message: `A range covers at most ${MAX_RANGE_DAYS} days`,
      path: ['to'],
    });

/** GET /internal/google-ads/performance: one clinic's (or, without clientId, every clinic's) campaigns by day. */
export const CampaignPerformanceQuerySchema = dayRange(
  z.object({
    clientId: idField('Client id', { fromText: true }).optional(),
    from: isoDay('from'),
    to: isoDay('to'),
  }),
);
export type CampaignPerformanceQuery = z.output<typeof CampaignPerformanceQuerySchema>;

/** One campaign's day, as Google reported it (metrics.* of the campaign resource, segments.date). */
export const CampaignDaySchema = z.object({
  date: z.string(),
  clientId: z.number().int(),
  customerId: z.string(),
  /** Google's campaign id (digits), what the landing URL's `hap_cid` carries. */
  campaignId: z.string(),
  campaignName: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  costMicros: z.number().int(),
  conversions: z.number(),
  conversionValue: z.number(),
  /** Google's search impression share of the day (0.1–1, 0.0999 for under 10 %); null where it gives none. */
  searchImpressionShare: z.number().nullable().default(null),
});
export type CampaignDay = z.infer<typeof CampaignDaySchema>;

/** How an account's reports stand: read, refused by Google (with its words), the agency not connected, or not read yet. */
export const PERFORMANCE_SYNC_STATES = ['ok', 'refused', 'disconnected', 'pending'] as const;
export type PerformanceSyncState = (typeof PERFORMANCE_SYNC_STATES)[number];

export const PerformanceAccountSchema = z.object({
  clientId: z.number().int(),
  customerId: z.string(),
  state: z.enum(PERFORMANCE_SYNC_STATES),
  /** Google's or our words when the state is not ok. */
  message: z.string().nullable(),
  /** The last report read through (its newest day) and when. */
  syncedThrough: z.string().nullable(),
  lastSyncedAt: timestamp().nullable(),
});
export type PerformanceAccount = z.infer<typeof PerformanceAccountSchema>;

/** An enabled campaign Google limits by its budget, as the last hourly read saw it (docs/campaigns.md#budget-pacing). */
export const BudgetLimitedCampaignSchema = z.object({
  clientId: z.number().int(),
  campaignId: z.string(),
  budgetMicros: z.number().int(),
});
export type BudgetLimitedCampaign = z.infer<typeof BudgetLimitedCampaignSchema>;

export const CampaignPerformanceSchema = z.object({
  days: z.array(CampaignDaySchema),
  /** Every clinic account asked about, so a screen shows an account whose numbers are missing and why. */
  accounts: z.array(PerformanceAccountSchema),
  /** The clinics' campaigns limited by budget now (whatever the range). */
  budgetLimited: z.array(BudgetLimitedCampaignSchema).default([]),
});
export type CampaignPerformance = z.infer<typeof CampaignPerformanceSchema>;

/** POST /api/google-ads/performance/sync: read again now (one clinic, or every connected one), the last `days` days. */
export const PerformanceSyncSchema = z.object({
  clientId: idField('Client id').optional(),
  days: z.number({ error: 'days must be a number' }).int('days must be a whole number').min(1, 'days must be at least 1').max(90, 'days must be at most 90').default(3),
});
export type PerformanceSync = z.output<typeof PerformanceSyncSchema>;

export const PerformanceSyncResultSchema = z.object({
  /** Accounts whose read was queued (one job each, job id per account and day range: a second click adds nothing). */
  queued: z.number().int(),
  accounts: z.array(PerformanceAccountSchema),
});
