import { z } from 'zod';
import { idField, timestamp } from '../fields';
import { searchImpressionShareOf } from '../results/results';

/**
 * Recommendations you confirm (docs/campaigns.md#recommendations): what a clinic's
 * search terms say should change, each with its evidence and the exact change, applied
 * only after the admin confirms (Google checks it first with validate_only), audited,
 * and undone from the same place.
 *
 * Evidence is Google's own: a search term never reaches our pages (Google gives the
 * landing URL its keyword, not what was typed), so 'without a lead' is Google's
 * conversions for the term, which count the Lead conversion the thank-you page fires and
 * the bookings imported offline (docs/tracking-privacy.md#conversions, docs/campaigns.md#offline-conversions).
 */

/** The days a recommendation reads: the last 30, today included. */
export const RECOMMENDATION_WINDOW_DAYS = 30;
/** A search term that spent at least this (USD) in the window with no conversion is worth excluding. */
export const NEGATIVE_KEYWORD_MIN_SPEND = 20;
/** A keyword that spent at least this (USD) in the window with no conversion is worth pausing. */
export const PAUSE_KEYWORD_MIN_SPEND = 50;
/** Google's keyword limits: 80 characters and 10 words; a longer search term cannot be an exact negative. */
export const KEYWORD_MAX_CHARS = 80;
export const KEYWORD_MAX_WORDS = 10;
/** How many search terms the screen lists (the costliest first). */
export const SEARCH_TERMS_SHOWN = 50;

const googleId = (label: string) => z.string({ error: `${label} must be Google's id (digits)` }).regex(/^\d{1,20}$/, `${label} must be Google's id (digits)`);

/** One search term of one ad group over the window, Google's figures (cost in dollars). */
export const SearchTermSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  adGroupId: z.string(),
  searchTerm: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  cost: z.number(),
  conversions: z.number(),
});
export type SearchTerm = z.infer<typeof SearchTermSchema>;

/** One keyword of one ad group over the window, Google's figures (cost in dollars). */
export const KeywordFiguresSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  adGroupId: z.string(),
  adGroupName: z.string(),
  criterionId: z.string(),
  keyword: z.string(),
  matchType: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  cost: z.number(),
  conversions: z.number(),
  /** Google's search impression share over the range (searchImpressionShareOf); null where it gives none. */
  searchImpressionShare: z.number().nullable(),
});
export type KeywordFigures = z.infer<typeof KeywordFiguresSchema>;

/**
 * An ad group's figures over the range: its keywords' added up (adGroupFigures), their search impression
 * shares weighted by what each was eligible for; `keywords` is how many of its keywords had figures.
 */
export const AdGroupFiguresSchema = KeywordFiguresSchema.omit({ criterionId: true, keyword: true, matchType: true }).extend({ keywords: z.number().int() });
export type AdGroupFigures = z.infer<typeof AdGroupFiguresSchema>;

/** The keywords' figures by ad group (within its campaign), the costliest first: cost to the cent, conversions to two places. */
export function adGroupFigures(keywords: readonly KeywordFigures[]): AdGroupFigures[] {
  const groups = new Map<string, KeywordFigures[]>();
  for (const k of keywords) {
    const key = `${k.campaignId}:${k.adGroupId}`;
    groups.set(key, [...(groups.get(key) ?? []), k]);
  }
  return [...groups.values()]
    .map((members) => {
      const first = members[0]!;
      const sum = (of: (k: KeywordFigures) => number) => members.reduce((total, k) => total + of(k), 0);
      return {
        campaignId: first.campaignId,
        campaignName: first.campaignName,
        adGroupId: first.adGroupId,
        adGroupName: first.adGroupName,
        keywords: members.length,
        impressions: sum((k) => k.impressions),
        clicks: sum((k) => k.clicks),
        cost: Math.round(sum((k) => k.cost) * 100) / 100,
        conversions: Math.round(sum((k) => k.conversions) * 100) / 100,
        searchImpressionShare: searchImpressionShareOf(members),
      };
    })
    .sort((a, b) => b.cost - a.cost || a.adGroupName.localeCompare(b.adGroupName));
}

export const RECOMMENDATION_KINDS = ['negative_keyword', 'pause_keyword'] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

export const AdsRecommendationSchema = z.object({
  /** `<kind>:<campaign id>:<subject>`: the same advice keeps its id from one read to the next. */
  id: z.string(),
  kind: z.enum(RECOMMENDATION_KINDS),
  campaignId: z.string(),
  campaignName: z.string(),
  /** The search term to exclude, or the keyword to pause (its text). */
  searchTerm: z.string(),
  /** A keyword to pause: its ad group and criterion (Google's ids). */
  keyword: z.object({ adGroupId: z.string(), adGroupName: z.string(), criterionId: z.string(), matchType: z.string() }).optional(),
  /** What it stands on: the term's figures in the campaign over the window. */
  evidence: z.object({ from: z.string(), to: z.string(), impressions: z.number().int(), clicks: z.number().int(), cost: z.number(), conversions: z.number() }),
  /** The evidence and the change in words, as the screen and the confirmation show them. */
  why: z.string(),
  change: z.string(),
});
export type AdsRecommendation = z.infer<typeof AdsRecommendationSchema>;

export const RECOMMENDATION_ACTION_STATUSES = ['applied', 'undone'] as const;

/** A recommendation applied: what was sent to Google, and whether it was undone since. */
export const RecommendationActionSchema = z.object({
  id: z.string(),
  kind: z.enum(RECOMMENDATION_KINDS),
  clientId: z.number().int(),
  customerId: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  searchTerm: z.string(),
  change: z.string(),
  status: z.enum(RECOMMENDATION_ACTION_STATUSES),
  appliedAt: timestamp(),
  appliedBy: z.string().nullable(),
  undoneAt: timestamp().nullable(),
});
export type RecommendationAction = z.infer<typeof RecommendationActionSchema>;

export const RecommendationsQuerySchema = z.object({ clientId: idField('Client id', { fromText: true }) });

export const RecommendationsSchema = z.object({
  clientId: z.number().int(),
  /** The clinic's account, or null when it has none (then there is nothing to read). */
  customerId: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  minSpend: z.number(),
  /** The spend over which a keyword without a conversion is worth pausing. */
  pauseMinSpend: z.number(),
  searchTerms: z.array(SearchTermSchema),
  /** The clinic's keywords over the window, each with its ad group, the costliest first (at most SEARCH_TERMS_SHOWN). */
  keywords: z.array(KeywordFiguresSchema),
  /** Every keyword of the window added up by ad group (adGroupFigures), the costliest first. */
  adGroups: z.array(AdGroupFiguresSchema),
  recommendations: z.array(AdsRecommendationSchema),
  /** The clinic's applied changes, newest first (the last 20). */
  actions: z.array(RecommendationActionSchema),
  /** Why there is nothing to recommend from, when there is nothing (no account, never read). */
  note: z.string().nullable(),
});
export type Recommendations = z.infer<typeof RecommendationsSchema>;

/** Apply one recommendation: the server finds it again in the figures it has, or refuses. */
export const ApplyRecommendationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      clientId: idField('Client id'),
      kind: z.literal('negative_keyword'),
      campaignId: googleId('Campaign id'),
      searchTerm: z.string({ error: 'Search term is required' }).trim().min(1, 'Search term is required').max(KEYWORD_MAX_CHARS, `Search term must be at most ${KEYWORD_MAX_CHARS} characters`),
    }),
    z.object({
      clientId: idField('Client id'),
      kind: z.literal('pause_keyword'),
      campaignId: googleId('Campaign id'),
      adGroupId: googleId('Ad group id'),
      criterionId: googleId('Keyword id'),
    }),
  ],
  { error: "kind must be 'negative_keyword' or 'pause_keyword'" },
);
export type ApplyRecommendation = z.infer<typeof ApplyRecommendationSchema>;

export const RecommendationActionParamSchema = z.object({ actionId: z.string().regex(/^\d{1,18}$/, 'Action id must be a number') });

export const RecommendationChangeResultSchema = z.object({
  /** False when it was so already (a double click, a retry): nothing more was sent. */
  applied: z.boolean(),
  message: z.string(),
  action: RecommendationActionSchema,
});
export type RecommendationChangeResult = z.infer<typeof RecommendationChangeResultSchema>;

/** A search term as Google compares keywords: lower case, single spaces. */
export const normaliseTerm = (term: string) => term.trim().toLowerCase().replace(/\s+/g, ' ');

const money = (n: number) => `$${n.toFixed(2)}`;
const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** The words of a negative keyword change (the same in the recommendation, the confirmation and the audit). */
export const negativeKeywordChange = (searchTerm: string, campaignName: string) =>
  `Add [${normaliseTerm(searchTerm)}] as an exact-match negative keyword to the campaign ‘${campaignName}’.`;

/** The words of a keyword pause (the same in the recommendation, the confirmation and the audit). */
export const pauseKeywordChange = (keyword: string, matchType: string, adGroupName: string, campaignName: string) =>
  `Pause the keyword ${keywordShown(keyword, matchType)} in the ad group ‘${adGroupName}’ of ‘${campaignName}’.`;

/** A keyword as Google Ads writes it: [exact], "phrase", broad. */
export const keywordShown = (keyword: string, matchType: string) => (matchType === 'EXACT' ? `[${keyword}]` : matchType === 'PHRASE' ? `"${keyword}"` : keyword);

/** An ad group keyword's subject in the actions: `<ad group id>~<criterion id>`, as Google names it. */
export const keywordSubject = (adGroupId: string, criterionId: string) => `${adGroupId}~${criterionId}`;

/**
 * Pause recommendations from a clinic's keywords of the window: each keyword that spent at least `minSpend`
 * with no conversion and is not paused from here already (`paused`, keys `<campaign id>:<ad group id>~<criterion id>`);
 * the costliest first.
 */
export function pauseKeywordRecommendations(
  keywords: readonly KeywordFigures[],
  window: { from: string; to: string },
  paused: ReadonlySet<string>,
  minSpend = PAUSE_KEYWORD_MIN_SPEND,
): AdsRecommendation[] {
  return keywords
    .filter((k) => k.cost >= minSpend && k.conversions === 0 && !paused.has(`${k.campaignId}:${keywordSubject(k.adGroupId, k.criterionId)}`))
    .sort((a, b) => b.cost - a.cost || a.keyword.localeCompare(b.keyword))
    .map((k) => {
      const cost = Math.round(k.cost * 100) / 100;
      const shown = keywordShown(k.keyword, k.matchType);
      return {
        id: `pause_keyword:${k.campaignId}:${keywordSubject(k.adGroupId, k.criterionId)}`,
        kind: 'pause_keyword' as const,
        campaignId: k.campaignId,
        campaignName: k.campaignName,
        searchTerm: k.keyword,
        keyword: { adGroupId: k.adGroupId, adGroupName: k.adGroupName, criterionId: k.criterionId, matchType: k.matchType },
        evidence: { from: window.from, to: window.to, impressions: k.impressions, clicks: k.clicks, cost, conversions: k.conversions },
        why: `The keyword ${shown} cost ${money(cost)} for ${plural(k.clicks, 'click')} from ${window.from} to ${window.to}, and no conversion (no lead, no booking).`,
        change: pauseKeywordChange(k.keyword, k.matchType, k.adGroupName, k.campaignName),
      };
    });
}

/** Whether Google would take the term as a keyword text. */
export const fitsKeyword = (term: string) => {
  const text = normaliseTerm(term);
  return text.length > 0 && text.length <= KEYWORD_MAX_CHARS && text.split(' ').length <= KEYWORD_MAX_WORDS;
};

/**
 * Negative keyword recommendations from a clinic's search terms of the window: each
 * term of a campaign (its ad groups added up) that spent at least `minSpend` with no
 * conversion, is not one of the campaign's negatives already (`excluded`, keys
 * `<campaign id>:<normalised term>`) and fits a keyword; the costliest first.
 */
export function negativeKeywordRecommendations(
  terms: readonly SearchTerm[],
  window: { from: string; to: string },
  excluded: ReadonlySet<string>,
  minSpend = NEGATIVE_KEYWORD_MIN_SPEND,
): AdsRecommendation[] {
  const byCampaign = new Map<string, SearchTerm>();
  for (const t of terms) {
    const key = `${t.campaignId}:${normaliseTerm(t.searchTerm)}`;
    const seen = byCampaign.get(key);
    byCampaign.set(
      key,
      seen
        ? { ...seen, impressions: seen.impressions + t.impressions, clicks: seen.clicks + t.clicks, cost: seen.cost + t.cost, conversions: seen.conversions + t.conversions }
        : { ...t, searchTerm: normaliseTerm(t.searchTerm) },
    );
  }
  return [...byCampaign.entries()]
    .filter(([key, t]) => t.cost >= minSpend && t.conversions === 0 && !excluded.has(key) && fitsKeyword(t.searchTerm))
    .sort(([, a], [, b]) => b.cost - a.cost || a.searchTerm.localeCompare(b.searchTerm))
    .map(([key, t]) => {
      const cost = Math.round(t.cost * 100) / 100;
      return {
        id: `negative_keyword:${key}`,
        kind: 'negative_keyword' as const,
        campaignId: t.campaignId,
        campaignName: t.campaignName,
        searchTerm: t.searchTerm,
        evidence: { from: window.from, to: window.to, impressions: t.impressions, clicks: t.clicks, cost, conversions: t.conversions },
        why: `‘${t.searchTerm}’ cost ${money(cost)} for ${plural(t.clicks, 'click')} from ${window.from} to ${window.to}, and no conversion (no lead, no booking).`,
        change: negativeKeywordChange(t.searchTerm, t.campaignName),
      };
    });
}
