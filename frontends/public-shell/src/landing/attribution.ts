/**
 * Where a visitor came from, sent with their lead (contracts leads/lead.ts
 * TouchSchema, AttributionSchema): the campaign parameters and click ids of
 * the landing URL, the landing path, the referrer from another site and the
 * time. The first touch of the visit is kept as it was; the last one is
 * replaced whenever a URL of the visit carries campaign parameters again.
 * Both live in sessionStorage (this tab's visit), which may be unavailable
 * (privacy modes, a full quota): then the page's own touch is sent.
 */
import type { Attribution, Touch } from '@hap/contracts';
import type { PageRoute } from '../routes';

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
} as const satisfies Record<string, keyof Touch>;

/** The contract's longest values (TouchSchema): longer ones are cut, never a reason to refuse a lead. */
const MAX = { param: 200, landingPath: 500, referrer: 1000 } as const;

export const ATTRIBUTION_STORAGE_KEY = 'hap.attribution';

const cut = (value: string | null | undefined, max: number): string | null => {
  const text = (value ?? '').trim();
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

export interface VisitTouches {
  first: Touch;
  last: Touch;
}

/**
 * The visit's touches after this page view: the first is never replaced; the
 * last becomes this page when its URL carries campaign parameters (a new ad
 * click), and stays otherwise (browsing on from the landing page).
 */
export function nextTouches(stored: VisitTouches | null, touch: Touch, campaign: boolean): VisitTouches {
  if (!stored) return { first: touch, last: touch };
  return campaign ? { first: stored.first, last: touch } : stored;
}

/** The landing page's style variant as leads record it (a, b, c, unified, preview). */
export function styleVariantOf(route: PageRoute): string | null {
  if (route.kind === 'unified') return 'unified';
  if (route.kind !== 'service') return null;
  if (route.preview) return 'preview';
  return (route.style ?? 'A').toLowerCase();
}

const isTouch = (value: unknown): value is Touch => !!value && typeof value === 'object' && !Array.isArray(value);

/** What sessionStorage holds, or null when it is missing, unreadable or not ours. */
export function readTouches(storage: Pick<Storage, 'getItem'> | null): VisitTouches | null {
  try {
    const raw = storage?.getItem(ATTRIBUTION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<VisitTouches>;
    return isTouch(parsed.first) && isTouch(parsed.last) ? { first: parsed.first, last: parsed.last } : null;
  } catch {
    return null;
  }
}

export function writeTouches(storage: Pick<Storage, 'setItem'> | null, touches: VisitTouches): void {
  try {
    storage?.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(touches));
  } catch {
    // Storage full or refused: the lead still carries this page's touch.
  }
}

/** Records this page view in the visit (storage permitting) and answers the lead's attribution. */
export function recordVisit(storage: Pick<Storage, 'getItem' | 'setItem'> | null, visit: PageVisit, route: PageRoute): Attribution {
  const touch = touchOf(visit);
  const touches = nextTouches(readTouches(storage), touch, carriesCampaign(visit.search));
  writeTouches(storage, touches);
  return { first: touches.first, last: touches.last, styleVariant: styleVariantOf(route) };
}

/** sessionStorage, or null where reading the property itself throws (storage blocked). */
export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The browser's side of recordVisit: this page's URL, referrer and time. */
export function captureAttribution(route: PageRoute): Attribution {
  const { search, pathname, origin } = window.location;
  return recordVisit(sessionStore(), { search, pathname, referrer: document.referrer, origin, now: new Date() }, route);
}
