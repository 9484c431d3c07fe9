/**
 * The healthcare ad policy check (docs/campaigns.md#healthcare-policy-check): every headline,
 * description, keyword and final URL read against the Google Ads policies a clinic's ads meet
 * most, before Google does, so the admin learns of a restricted drug name or a 'guaranteed
 * results' claim at the keyboard rather than from a disapproval days later. The rules are data,
 * each with the policy it comes from. Pure and zod-free: the ads service answers with it
 * (`POST /api/ads/policy-check`) and the admin screens can show findings as an admin types.
 */

import type { CampaignStructure } from './campaign';

export type PolicySeverity = 'block' | 'warn';
export type PolicyField = 'headline' | 'description' | 'keyword' | 'finalUrl';

/** A Google Ads policy, as its help centre names it. */
export interface AdPolicy {
  name: string;
  url: string;
}

/** One finding: where (`field`, `index` among those fields), the words, the rule, what to do instead. */
export interface PolicyFinding {
  field: PolicyField;
  /** The text's place among its field's texts (the 3rd headline is 2); 0 for the final URL. */
  index: number;
  /** The words that break the rule, as written. */
  words: string;
  /** The rule in a sentence an admin can act on. */
  rule: string;
  severity: PolicySeverity;
  suggestion: string;
  policy: AdPolicy;
}

export interface AdTexts {
  headlines: readonly string[];
  descriptions: readonly string[];
  keywords: readonly string[];
}

const POLICIES = {
  prescriptionDrugs: { name: 'Healthcare and medicines: prescription drugs', url: 'https://support.google.com/adspolicy/answer/176031' },
  unapprovedSubstances: { name: 'Unapproved substances', url: 'https://support.google.com/adspolicy/answer/176031' },
  unrealisticClaims: { name: 'Misrepresentation: unreliable or unrealistic claims', url: 'https://support.google.com/adspolicy/answer/6020955' },
  bodyImage: { name: 'Personalised advertising: health and body image', url: 'https://support.google.com/adspolicy/answer/143465' },
  phoneInText: { name: 'Editorial: phone number in ad text', url: 'https://support.google.com/adspolicy/answer/6021546' },
  capitals: { name: 'Editorial: capitalisation', url: 'https://support.google.com/adspolicy/answer/6021546' },
  punctuation: { name: 'Editorial: punctuation and symbols', url: 'https://support.google.com/adspolicy/answer/6021546' },
  destination: { name: 'Destination requirements', url: 'https://support.google.com/adspolicy/answer/6368661' },
} as const satisfies Record<string, AdPolicy>;

interface TermRule {
  /** Lower-case terms, matched as whole words (a term of several words matches with any spacing). */
  terms: readonly string[];
  severity: PolicySeverity;
  rule: string;
  suggestion: string;
  policy: AdPolicy;
  /** The fields the rule reads (all texts when left out). */
  fields?: readonly PolicyField[];
}

/**
 * Word rules. Prescription drugs are advertised only by advertisers Google has certified for the
 * target country (LegitScript in the United States): a warning to confirm, not a stop, since a
 * certified clinic may use them. Unapproved substances and absolute claims are never accepted.
 */
export const AD_POLICY_TERM_RULES: readonly TermRule[] = [
  {
    terms: [
      'semaglutide', 'ozempic', 'wegovy', 'rybelsus', 'tirzepatide', 'mounjaro', 'zepbound', 'liraglutide', 'saxenda', 'phentermine',
      // The drug as a product, not the condition ('low testosterone' is what patients search for).
      'testosterone injections', 'testosterone injection', 'testosterone shots', 'testosterone cream', 'testosterone gel', 'testosterone pellets',
      'testosterone cypionate', 'testosterone enanthate', 'buy testosterone', 'enclomiphene', 'clomiphene', 'clomid', 'anastrozole', 'hcg',
      'sildenafil', 'viagra', 'tadalafil', 'cialis', 'vardenafil', 'levitra', 'finasteride', 'propecia', 'naltrexone', 'ketamine',
    ],
    severity: 'warn',
    rule: 'Names a prescription drug: Google shows it only for advertisers certified for prescription drugs in the target country.',
    suggestion: 'Describe the treatment instead (e.g. "medical weight loss", "hormone therapy"), or confirm the Google Ads account holds the certification.',
    policy: POLICIES.prescriptionDrugs,
  },
  {
    terms: ['sarms', 'sarm', 'ostarine', 'bpc-157', 'bpc 157', 'hgh', 'human growth hormone', 'dnp', 'dmaa', 'peptide injections'],
    severity: 'block',
    rule: 'Names a substance Google never allows in ads, certified or not.',
    suggestion: 'Remove the substance; name the service the clinic offers instead.',
    policy: POLICIES.unapprovedSubstances,
  },
  {
    terms: [
      'cure', 'cures', 'cured', 'guaranteed', 'guarantee', 'guarantees', 'risk-free', 'risk free', 'no side effects', 'miracle', 'permanent results',
      'instant results', 'works for everyone', 'clinically proven to cure', 'fda approved cure',
    ],
    severity: 'block',
    rule: 'Promises an outcome no treatment can: Google disapproves absolute or unrealistic health claims.',
    suggestion: 'Say what the clinic does, not what it promises (e.g. "Personalised treatment plans").',
    policy: POLICIES.unrealisticClaims,
  },
  {
    terms: ['before and after', 'before & after', 'belly fat', 'dress size', 'dress sizes', 'fat rolls', 'beach body', 'look thinner', 'lose weight fast'],
    severity: 'warn',
    rule: 'Speaks to body image or before/after results, which Google restricts in health ads and never lets personalised advertising target.',
    suggestion: 'Speak to the care, not the body (e.g. "Doctor-led weight management").',
    policy: POLICIES.bodyImage,
  },
];

/** Acronyms a clinic's ads use in capitals (TRT, ED, HRT, …): never 'excessive capitals'. */
export const AD_POLICY_ACRONYMS: ReadonlySet<string> = new Set(['TRT', 'HRT', 'BHRT', 'ED', 'PRP', 'IV', 'MD', 'DO', 'NP', 'PA', 'FDA', 'USA', 'US', 'UK', 'HIPAA', 'GLP-1', 'BMI', 'CBD', 'ASAP', 'FAQ', 'LLC']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A term as a whole-word pattern, any run of spaces or hyphens between its words. */
const termPattern = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${term.split(/[\s]+/).map(escapeRegExp).join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'iu');

const TERM_PATTERNS = AD_POLICY_TERM_RULES.map((rule) => ({ rule, patterns: rule.terms.map((term) => termPattern(term)) }));

/** A telephone number as ads write them: 7 or more digits with the usual separators, or a 1-800 form. */
const PHONE = /\+?\(?\d(?:[\s.()-]*\d){6,}/u;
/** Two or more ! or ? in a row, or symbols Google calls gimmicky. */
const GIMMICKY = /[!?]{2,}|[★☆✓✔✅❤→⇒]|\${2,}|\*{2,}/u;

function textFindings(field: Exclude<PolicyField, 'finalUrl'>, index: number, text: string): PolicyFinding[] {
  const findings: PolicyFinding[] = [];
  for (const { rule, patterns } of TERM_PATTERNS) {
    if (rule.fields && !rule.fields.includes(field)) continue;
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      findings.push({ field, index, words: match[0], rule: rule.rule, severity: rule.severity, suggestion: rule.suggestion, policy: rule.policy });
      break;
    }
  }
  if (field === 'keyword') return findings;
  const phone = PHONE.exec(text);
  if (phone)
    findings.push({
      field,
      index,
      words: phone[0].trim(),
      rule: 'Has a phone number in the ad text: Google disapproves it.',
      severity: 'block',
      suggestion: 'Remove the number: the campaign’s call asset shows the clinic’s phone.',
      policy: POLICIES.phoneInText,
    });
  const shouting = (text.match(/\b[\p{Lu}][\p{Lu}\d-]{3,}\b/gu) ?? []).filter((word) => !AD_POLICY_ACRONYMS.has(word));
  if (shouting.length)
    findings.push({
      field,
      index,
      words: shouting.join(' '),
      rule: 'Writes words in capitals for emphasis: Google disapproves excessive capitalisation.',
      severity: 'block',
      suggestion: `Write ${shouting.map((w) => `"${w[0]}${w.slice(1).toLowerCase()}"`).join(', ')} instead.`,
      policy: POLICIES.capitals,
    });
  const gimmick = GIMMICKY.exec(text) ?? (field === 'headline' ? /!/.exec(text) : null);
  if (gimmick)
    findings.push({
      field,
      index,
      words: gimmick[0],
      rule: field === 'headline' && gimmick[0] === '!' ? 'Has an exclamation mark in a headline: Google allows none there.' : 'Uses repeated punctuation or symbols for emphasis: Google disapproves them.',
      severity: 'block',
      suggestion: 'Remove the mark; let the words carry the message.',
      policy: POLICIES.punctuation,
    });
  return findings;
}

/** Where a clinic's pages are: its own domain (and whether it passes its check), else the platform's origin with `?client=`. */
export type PolicySite = { kind: 'domain'; domain: string; failing: boolean } | { kind: 'platform'; origin: string; clientId: number };

/** Path segments before a service's own segment on the public pages (`/services/{path}`, `/funnel-service/{path}`, `/unified/{path}`; docs/public-site.md#pages-and-routes). */
export const SERVICE_PAGE_PREFIXES: ReadonlySet<string> = new Set(['services', 'funnel-service', 'unified']);

/** The index of a page's service segment among `pathname.split('/')`: the first, or the second after a prefix. */
export const serviceSegmentIndex = (segments: readonly string[]): number => (segments[1] && SERVICE_PAGE_PREFIXES.has(segments[1].toLowerCase()) ? 2 : 1);

/** The service path a page's URL names (lower case, decoded), '' for the home page, null when it cannot be read. */
function servicePathOf(url: URL): string | null {
  const segments = url.pathname.split('/');
  const segment = segments[serviceSegmentIndex(segments)] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The final URL must be a page of the clinic's own site, served over https (the platform's own
 * origin may be http on a developer's machine), and, when the clinic's live service paths are
 * known, its home page or the page of one of them.
 */
export function finalUrlFindings(finalUrl: string, site: PolicySite, livePaths: readonly string[] | null = null): PolicyFinding[] {
  const finding = (rule: string, suggestion: string): PolicyFinding[] => [
    { field: 'finalUrl', index: 0, words: finalUrl, rule, severity: 'block', suggestion, policy: POLICIES.destination },
  ];
  let url: URL;
  try {
    url = new URL(finalUrl);
  } catch {
    return finding('Is not a web address.', 'Use the address of the service’s landing page.');
  }
  if (site.kind === 'domain') {
    if (url.hostname.toLowerCase() !== site.domain) return finding(`Is not on the clinic’s domain ${site.domain}.`, `Use the service’s page on https://${site.domain}/.`);
    if (url.protocol !== 'https:') return finding('Is not served over https.', `Use https://${site.domain}${url.pathname}.`);
    if (site.failing) return finding(`The clinic’s domain ${site.domain} fails its daily check: the page may not open.`, 'Fix the domain on the clinic’s Domains page first.');
  } else {
    const origin = new URL(site.origin);
    if (url.origin !== origin.origin || url.searchParams.get('client') !== String(site.clientId))
      return finding('Is not one of the clinic’s pages on this platform.', `Use the service’s page: ${origin.origin}/{service path}?client=${site.clientId}.`);
  }
  if (livePaths === null) return [];
  const path = servicePathOf(url);
  if (path === '' || (path !== null && livePaths.some((live) => live.toLowerCase() === path))) return [];
  return finding(
    `Is not a live page of the clinic: no active service has the path "${path ?? url.pathname}".`,
    livePaths.length ? `Use the page of an active service: ${livePaths.map((p) => `/${p}`).join(', ')}.` : 'Turn the service on in Services Management first.',
  );
}

/** Every finding of an ad's texts and final URL (against the clinic's site and, when known, its live service paths), blocking ones first, then in field order. */
export function checkAdPolicy(texts: AdTexts, finalUrl: string | null, site: PolicySite | null, livePaths: readonly string[] | null = null): PolicyFinding[] {
  const findings = [
    ...texts.headlines.flatMap((text, i) => textFindings('headline', i, text)),
    ...texts.descriptions.flatMap((text, i) => textFindings('description', i, text)),
    ...texts.keywords.flatMap((text, i) => textFindings('keyword', i, text)),
    ...(finalUrl !== null && site ? finalUrlFindings(finalUrl, site, livePaths) : []),
  ];
  return [...findings.filter((f) => f.severity === 'block'), ...findings.filter((f) => f.severity === 'warn')];
}

const FIELD_WORDS: Record<PolicyField, string> = { headline: 'Headline', description: 'Description', keyword: 'Keyword', finalUrl: 'Final URL' };

/** A finding found in a campaign: its ad group (the campaign's own for the final URL) and the whole text. */
export interface CampaignPolicyFinding extends PolicyFinding {
  adGroup: string;
  text: string;
}

/**
 * Every finding of a campaign, ad group by ad group (each ad group's headlines, descriptions and
 * keywords, its ads' texts together), then its final URL; blocking ones first.
 */
export function checkCampaignPolicy(
  structure: Pick<CampaignStructure, 'adGroups'>,
  finalUrl: string | null,
  site: PolicySite | null,
  livePaths: readonly string[] | null = null,
): CampaignPolicyFinding[] {
  const findings: CampaignPolicyFinding[] = [];
  for (const group of structure.adGroups) {
    const texts = { headlines: group.ads.flatMap((ad) => ad.headlines), descriptions: group.ads.flatMap((ad) => ad.descriptions), keywords: group.keywords };
    for (const finding of checkAdPolicy(texts, null, null)) {
      const list = finding.field === 'headline' ? texts.headlines : finding.field === 'description' ? texts.descriptions : texts.keywords;
      findings.push({ ...finding, adGroup: group.name, text: list[finding.index] ?? finding.words });
    }
  }
  if (finalUrl !== null && site) findings.push(...finalUrlFindings(finalUrl, site, livePaths).map((f) => ({ ...f, adGroup: 'Campaign', text: finalUrl })));
  return [...findings.filter((f) => f.severity === 'block'), ...findings.filter((f) => f.severity === 'warn')];
}

/** A campaign's finding in one line: `Headline "Guaranteed Results": the rule. The fix.` */
export const describePolicyFinding = (finding: CampaignPolicyFinding): string =>
  `${FIELD_WORDS[finding.field]} "${finding.text}": ${finding.rule} ${finding.suggestion}`;
