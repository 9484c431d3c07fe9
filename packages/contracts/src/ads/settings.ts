import { z } from 'zod';
import { AD_LIMITS, CAMPAIGN_BUDGET, CAMPAIGN_RADIUS } from './campaign';

/**
 * docs/admin.md#records "Google Ads settings on a service": dailyBudget,
 * primaryKeyword, targetRadius (miles), targetLocation, keywords
 * (comma-separated), headline, description. Saved on the service
 * (client_services.google_ads_settings); the Google Ads Campaign dialog
 * (docs/public-site.md#pages-and-routes) shows them and a launch of the service starts from them.
 */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

export const GoogleAdsSettingsSchema = z.object({
  dailyBudget: z
    .number({ error: 'Daily budget must be a number' })
    .min(CAMPAIGN_BUDGET.min, `Daily budget must be at least $${CAMPAIGN_BUDGET.min}`)
    .max(CAMPAIGN_BUDGET.max, `Daily budget must be at most $${CAMPAIGN_BUDGET.max}`),
  primaryKeyword: text('Primary keyword', AD_LIMITS.keywordChars),
  targetRadius: z
    .number({ error: 'Target radius must be a number' })
    .min(CAMPAIGN_RADIUS.min, `Target radius must be at least ${CAMPAIGN_RADIUS.min} mile`)
    .max(CAMPAIGN_RADIUS.max, `Target radius must be at most ${CAMPAIGN_RADIUS.max} miles`),
  targetLocation: text('Target location', 200),
  keywords: text('Keywords', 2000),
  headline: text('Headline', AD_LIMITS.headlineChars),
  description: text('Description', AD_LIMITS.descriptionChars),
});
export type GoogleAdsSettings = z.output<typeof GoogleAdsSettingsSchema>;
export type GoogleAdsSettingsInput = z.input<typeof GoogleAdsSettingsSchema>;

/** Saved settings as stored (JSON of any age): the valid ones, or null when none or unreadable. */
export function readGoogleAdsSettings(stored: unknown): GoogleAdsSettings | null {
  if (stored == null) return null;
  const parsed = GoogleAdsSettingsSchema.safeParse(
    typeof stored === 'object' && stored !== null
      ? Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, (k === 'dailyBudget' || k === 'targetRadius') && typeof v === 'string' ? Number(v) : v]))
      : stored,
  );
  return parsed.success ? parsed.data : null;
}

/** The settings' keywords: the primary one first, then the comma-separated list, without repeats. */
export function settingsKeywords(settings: Pick<GoogleAdsSettings, 'primaryKeyword' | 'keywords'>): string[] {
  const all = [settings.primaryKeyword ?? '', ...(settings.keywords ?? '').split(',')].map((k) => k.trim()).filter(Boolean);
  const seen = new Set<string>();
  return all.filter((k) => !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
}
