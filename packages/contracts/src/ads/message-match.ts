import { CAMPAIGN_ID_PARAM } from '../results/page-views';

/**
 * Message match (docs/campaigns.md#message-match): a landing page echoes the
 * searcher's keyword in its headline. The campaign's final URL suffix passes
 * Google's `{keyword}` (the keyword of the ad group that matched, never the
 * search term) as `kw`; the page shows it only when it is one of the keywords
 * the clinic's service is advertised with (an allow-list kept by ads), and
 * then the allow-list's own text, never what the URL carried. Zod-free: the public pages import it.
 */

/** The landing URL parameter that carries the matched keyword. */
export const MESSAGE_MATCH_PARAM = 'kw';

/**
 * The final URL suffix every launched campaign gets: Google fills in the
 * campaign id and the keyword at click time (ValueTrack parameters).
 */
export const FINAL_URL_SUFFIX = `${CAMPAIGN_ID_PARAM}={campaignid}&${MESSAGE_MATCH_PARAM}={keyword}`;

/** A `kw` longer than this is no keyword of ours (Google's limit is 80 characters): not looked up. */
export const MESSAGE_MATCH_MAX_CHARS = 80;

/**
 * A keyword as the allow-list compares it: Unicode-normalised, lower case,
 * match-type marks (`[exact]`, `"phrase"`, `+modifier`) dropped, single
 * spaces. '' when nothing is left.
 */
export const keywordKey = (text: string): string => withoutMarks(text.normalize('NFKC').toLowerCase());

/** A keyword without Google's match-type marks, in single spaces. */
const withoutMarks = (text: string) =>
  text
    .replace(/[[\]"+]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The key of a landing URL's `kw`, or null when it can be no keyword of ours (missing, blank or too long): nothing to look up. */
export function keywordParamKey(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MESSAGE_MATCH_MAX_CHARS * 3) return null;
  const key = keywordKey(raw);
  return key && key.length <= MESSAGE_MATCH_MAX_CHARS ? key : null;
}

/** The allow-list's text of the keyword a landing URL's `kw` names, or null when it names none of them. */
export function matchKeyword(allowed: ReadonlyMap<string, string>, raw: string | null | undefined): string | null {
  const key = keywordParamKey(raw);
  return key === null ? null : (allowed.get(key) ?? null);
}

/** An allow-list as the page compares it: each keyword's key to its first text (no blanks, no repeats). */
export function keywordAllowList(keywords: readonly string[]): Map<string, string> {
  const allowed = new Map<string, string>();
  for (const text of keywords) {
    const key = keywordKey(text);
    if (key && key.length <= MESSAGE_MATCH_MAX_CHARS && !allowed.has(key)) allowed.set(key, withoutMarks(text));
  }
  return allowed;
}

/**
 * The headline of a page a keyword matched: the keyword with each word's first letter capitalised and the
 * rest as the agency wrote it ('TRT clinic near me' → 'TRT Clinic Near Me'), as Google's own keyword
 * insertion does. A word the page itself writes with a capital past its first letter, or as one capital
 * letter (its service's name, its headline: 'TRT', 'CoolSculpting', the T of 'Low-T'), is written as the
 * page writes it, so 'trt clinic' reads 'TRT Clinic'.
 */
export function keywordHeadline(keyword: string, pageTexts: readonly string[] = []): string {
  const cased = new Map<string, string>();
  for (const word of pageTexts.join(' ').split(/[^\p{L}\p{N}]+/u)) {
    if (/^\p{Lu}$|^.+\p{Lu}/u.test(word) && !cased.has(word.toLowerCase())) cased.set(word.toLowerCase(), word);
  }
  return keyword.replace(/[\p{L}\p{N}]+/gu, (word, at: number) => {
    const known = cased.get(word.toLowerCase());
    if (known) return known;
    const wordStart = at === 0 || /\s/.test(keyword[at - 1]!);
    return wordStart ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  });
}

/** The landing address a click on `keyword` reaches (the final URL with the suffix's `kw`; Google adds the campaign id). */
export function messageMatchUrl(finalUrl: string, keyword: string): string {
  const url = new URL(finalUrl);
  url.searchParams.set(MESSAGE_MATCH_PARAM, keyword);
  return url.toString();
}
