/**
 * A template's ad texts against a launched campaign's ads (docs/campaigns.md#ad-texts-follow-the-template).
 * Pure: the ads service plans the update with it, tests check it.
 */
import { AD_LIMITS, type AdCopy } from '@hap/contracts';

/** What Google takes of a text list: trimmed, no blanks, no repeats (ignoring case), at most `max`. */
export function usableTexts(values: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const text = value.trim();
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept.slice(0, max);
}

/** A planned ad's texts as a launch sends them to Google (campaign-operations.ts). */
export const sentTexts = (ad: AdCopy): AdCopy => ({
  headlines: usableTexts(ad.headlines, AD_LIMITS.headlinesMax),
  descriptions: usableTexts(ad.descriptions, AD_LIMITS.descriptionsMax),
});

/** A planned ad's texts as the responsive_search_ad's text assets (a launch's create, an update's). */
export function rsaTextAssets(ad: AdCopy): { headlines: Array<{ text: string }>; descriptions: Array<{ text: string }> } {
  const texts = sentTexts(ad);
  return { headlines: texts.headlines.map((text) => ({ text })), descriptions: texts.descriptions.map((text) => ({ text })) };
}

/** A responsive search ad of a campaign as Google reports it. */
export interface RunningAd extends AdCopy {
  resourceName: string;
  adId: string;
  adGroupName: string;
}

export interface AdTextPlan {
  changes: Array<{ ad: RunningAd; before: AdCopy; after: AdCopy }>;
  /** Ads whose texts are already the planned ones. */
  unchanged: number;
  /** The campaign's ad groups no planned ad group matches by name. */
  notFromTemplate: string[];
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((text, i) => text === b[i]);

/**
 * Which ads get which texts: an ad group of the campaign takes the planned ad group of the same
 * name, its ads the planned ads in order (Google's ad ids ascending); an ad beyond the planned
 * ones, or a planned ad without headlines, is left as it is.
 */
export function planAdTexts(planned: ReadonlyArray<{ name: string; ads: readonly AdCopy[] }>, running: readonly RunningAd[]): AdTextPlan {
  const plan: AdTextPlan = { changes: [], unchanged: 0, notFromTemplate: [] };
  const byGroup = new Map<string, RunningAd[]>();
  for (const ad of running) byGroup.set(ad.adGroupName, [...(byGroup.get(ad.adGroupName) ?? []), ad]);
  for (const [name, ads] of byGroup) {
    const group = planned.find((g) => g.name.trim() === name.trim());
    if (!group) {
      plan.notFromTemplate.push(name);
      continue;
    }
    ads.forEach((ad, i) => {
      const wanted = group.ads[i];
      if (!wanted || wanted.headlines.length === 0) return;
      const after = sentTexts(wanted);
      const before = { headlines: ad.headlines, descriptions: ad.descriptions };
      if (same(before.headlines, after.headlines) && same(before.descriptions, after.descriptions)) plan.unchanged += 1;
      else plan.changes.push({ ad, before, after });
    });
  }
  return plan;
}
