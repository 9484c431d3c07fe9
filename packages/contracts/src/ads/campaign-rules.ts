/**
 * The structure check of a Google Ads campaign (docs/campaigns.md#campaign-dialogs, docs/admin.md#validation, docs/admin.md#calls
 * validate-structure): what Google would refuse in a Search campaign with
 * responsive search ads, said per ad group in words an admin can act on.
 * Pure and zod-free: the ads service answers with it and the admin screens can
 * count characters by the same limits.
 */
import { AD_LIMITS, type AdCopy, type AdGroup, type CampaignStructure, type LaunchReadiness, type StructureResult, type StructureValidation } from './campaign';

/** docs/admin.md#messages 'Structure Valid' text: said only when nothing a launch needs is missing either. */
export const STRUCTURE_VALID_MESSAGE = 'The Google Ads structure is correct and ready for launch.';
/** A valid structure whose launch readiness was not asked (no clinic named). */
export const STRUCTURE_CORRECT_MESSAGE = 'The Google Ads structure is correct.';
export const CAMPAIGN_RESULT_NAME = 'Campaign';

const quote = (value: string) => `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Problems of one text against its limit: empty, or too long (with its length). */
function textIssues(label: string, value: string, max: number): string[] {
  const trimmed = value.trim();
  if (!trimmed) return [`${label} is empty`];
  return trimmed.length > max ? [`${label} is ${trimmed.length} characters (at most ${max}): ${quote(trimmed)}`] : [];
}

/** The same text twice, ignoring case and spacing. */
function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) {
    const key = value.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!key) continue;
    if (seen.has(key)) twice.add(value.trim());
    seen.add(key);
  }
  return [...twice];
}

function adIssues(ad: AdCopy, label: string): string[] {
  const issues: string[] = [];
  const { headlineChars, descriptionChars, headlinesMin, headlinesMax, descriptionsMin, descriptionsMax } = AD_LIMITS;
  if (ad.headlines.length < headlinesMin || ad.headlines.length > headlinesMax) {
    issues.push(`${label} has ${plural(ad.headlines.length, 'headline')} (${headlinesMin} to ${headlinesMax})`);
  }
  if (ad.descriptions.length < descriptionsMin || ad.descriptions.length > descriptionsMax) {
    issues.push(`${label} has ${plural(ad.descriptions.length, 'description')} (${descriptionsMin} to ${descriptionsMax})`);
  }
  ad.headlines.forEach((h, i) => issues.push(...textIssues(`${label} headline ${i + 1}`, h, headlineChars)));
  ad.descriptions.forEach((d, i) => issues.push(...textIssues(`${label} description ${i + 1}`, d, descriptionChars)));
  for (const twice of duplicates(ad.headlines)) issues.push(`${label} repeats the headline ${quote(twice)}`);
  for (const twice of duplicates(ad.descriptions)) issues.push(`${label} repeats the description ${quote(twice)}`);
  return issues;
}

/** Problems of one keyword: length, word count, characters Google refuses. */
function keywordIssues(keyword: string): string[] {
  const trimmed = keyword.trim();
  if (!trimmed) return ['A keyword is empty'];
  const issues: string[] = [];
  if (trimmed.length > AD_LIMITS.keywordChars) issues.push(`Keyword ${quote(trimmed)} is ${trimmed.length} characters (at most ${AD_LIMITS.keywordChars})`);
  const words = trimmed.split(/\s+/).length;
  if (words > AD_LIMITS.keywordWords) issues.push(`Keyword ${quote(trimmed)} has ${words} words (at most ${AD_LIMITS.keywordWords})`);
  // Match-type marks belong in keywordType; these characters are refused in keyword text.
  if (/[!@%^*()={};~`<>?\\|]/.test(trimmed)) issues.push(`Keyword ${quote(trimmed)} has characters Google refuses`);
  return issues;
}

export function adGroupIssues(group: AdGroup): string[] {
  const issues: string[] = [];
  if (!group.name.trim()) issues.push('The ad group has no name');
  if (group.keywords.length === 0) issues.push('The ad group has no keywords');
  if (group.keywords.length > AD_LIMITS.keywordsMax) issues.push(`The ad group has ${group.keywords.length} keywords (at most ${AD_LIMITS.keywordsMax})`);
  group.keywords.forEach((k) => issues.push(...keywordIssues(k)));
  for (const twice of duplicates(group.keywords)) issues.push(`Keyword ${quote(twice)} appears twice`);
  if (group.ads.length === 0) issues.push('The ad group has no ads');
  if (group.ads.length > AD_LIMITS.adsPerAdGroupMax) issues.push(`The ad group has ${group.ads.length} ads (at most ${AD_LIMITS.adsPerAdGroupMax} responsive search ads)`);
  group.ads.forEach((ad, i) => issues.push(...adIssues(ad, group.ads.length > 1 ? `Ad ${i + 1}` : 'The ad')));
  return issues;
}

/** The campaign's own fields and its extensions (sitelinks, callouts). */
export function campaignIssues(structure: CampaignStructure): string[] {
  const issues: string[] = [];
  if (!structure.name.trim()) issues.push('The campaign has no name');
  if (structure.adGroups.length === 0) issues.push('The campaign has no ad groups');
  for (const twice of duplicates(structure.adGroups.map((g) => g.name))) issues.push(`Two ad groups are named ${quote(twice)}`);
  const { sitelinks, callouts } = structure.extensions;
  if (sitelinks.length > AD_LIMITS.sitelinksMax) issues.push(`${sitelinks.length} sitelinks (at most ${AD_LIMITS.sitelinksMax})`);
  sitelinks.forEach((link, i) => {
    const label = `Sitelink ${i + 1}`;
    issues.push(...textIssues(`${label} text`, link.linkText, AD_LIMITS.sitelinkTextChars));
    const described = [link.description1, link.description2].filter((d) => d.trim());
    // Google takes both description lines or neither.
    if (described.length === 1) issues.push(`${label} needs both description lines or none`);
    if (described.length === 2) {
      issues.push(...textIssues(`${label} description 1`, link.description1, AD_LIMITS.sitelinkDescriptionChars));
      issues.push(...textIssues(`${label} description 2`, link.description2, AD_LIMITS.sitelinkDescriptionChars));
    }
  });
  for (const twice of duplicates(sitelinks.map((s) => s.linkText))) issues.push(`Two sitelinks read ${quote(twice)}`);
  if (callouts.length > AD_LIMITS.calloutsMax) issues.push(`${callouts.length} callouts (at most ${AD_LIMITS.calloutsMax})`);
  callouts.forEach((c, i) => issues.push(...textIssues(`Callout ${i + 1}`, c, AD_LIMITS.calloutChars)));
  return issues;
}

/**
 * docs/admin.md#calls validate-structure: allValid, one result per ad group (and
 * 'Campaign' for the campaign's own issues when it has any), and the message
 * the screen shows.
 */
export function validateCampaignStructure(structure: CampaignStructure): StructureValidation {
  const results: StructureResult[] = [];
  const own = campaignIssues(structure);
  if (own.length) results.push({ adGroupName: CAMPAIGN_RESULT_NAME, errors: own });
  for (const group of structure.adGroups) results.push({ adGroupName: group.name.trim() || 'Unnamed ad group', errors: adGroupIssues(group) });
  const count = results.reduce((sum, r) => sum + r.errors.length, 0);
  return {
    allValid: count === 0,
    validationResults: results,
    message: count === 0 ? STRUCTURE_VALID_MESSAGE : `${plural(count, 'issue')} found in the campaign structure`,
  };
}

/**
 * The structure check with what a launch still needs:
 * 'ready for launch' only when the structure is valid and nothing is missing;
 * a valid structure a launch would still fail on names what is missing.
 */
export function withLaunchReadiness(validation: StructureValidation, readiness: LaunchReadiness | null): StructureValidation {
  if (!validation.allValid) return validation;
  if (!readiness) return { ...validation, message: STRUCTURE_CORRECT_MESSAGE };
  if (readiness.ready) return { ...validation, message: STRUCTURE_VALID_MESSAGE };
  const missing = readiness.missing.map((m) => m.message).join(' ');
  return { ...validation, message: `The Google Ads structure is correct, but a launch would fail: ${missing}` };
}
