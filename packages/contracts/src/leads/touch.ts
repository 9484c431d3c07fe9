/**
 * A page view as an attribution touch (leads/lead.ts TouchSchema), zod-free:
 * the public pages compute it in the browser (frontends/public-shell
 * landing/attribution.ts), the leads service from a form posted without
 * script (its landing URL). The campaign parameters and click ids of the
 * landing URL, the landing path, the referrer from another site and the time.
 */
import type { Touch } from './lead';

/** URL parameter → Touch field. */
export const CAMPAIGN_PARAMS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
  gclid: 'gclid',
  gbraid: 'gbraid',
  wbraid: 'wbraid',
  fbclid: 'fbclid',
  /** The Google Ads campaign id the launch's final URL suffix adds to every ad click (results/page-views.ts CAMPAIGN_ID_PARAM). */
  hap_cid: 'campaignId',
} as const satisfies Record<string, keyof Touch>;

/** The contract's longest values (TouchSchema): longer ones are cut, never a reason to refuse a lead. */
const MAX = { param: 200, landingPath: 500, referrer: 1000 } as const;

/** A value as a touch keeps it: without NUL (an address may carry `%00`; the lead must not be refused for it), trimmed and cut. */
const cut = (value: string | null | undefined, max: number): string | null => {
  const text = (value ?? '').replaceAll('\u0000', '').trim();
  return text ? text.slice(0, max) : null;
};

/** Whether a query carries any campaign parameter or click id (with a value). */
export function carriesCampaign(search: string): boolean {
  const query = new URLSearchParams(search);
  return Object.keys(CAMPAIGN_PARAMS).some((param) => (query.get(param) ?? '').trim() !== '');
}

/** A referrer only when it is another site's; our own pages say nothing about where the visitor came from. */
export function externalReferrer(referrer: string, pageOrigin: string): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).origin === pageOrigin ? null : cut(referrer, MAX.referrer);
  } catch {
    return null;
  }
}

export interface PageVisit {
  search: string;
  pathname: string;
  /** document.referrer */
  referrer: string;
  /** location.origin */
  origin: string;
  now: Date;
}

/** This page view as a touch. */
export function touchOf(visit: PageVisit): Touch {
  const query = new URLSearchParams(visit.search);
  const touch = {
    landingPath: cut(visit.pathname, MAX.landingPath),
    referrer: externalReferrer(visit.referrer, visit.origin),
    at: visit.now.toISOString(),
  } as Touch;
  for (const [param, field] of Object.entries(CAMPAIGN_PARAMS)) touch[field] = cut(query.get(param), MAX.param);
  return touch;
}
