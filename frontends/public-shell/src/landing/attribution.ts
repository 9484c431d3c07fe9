/**
 * Where a visitor came from, sent with their lead (contracts leads/lead.ts
 * TouchSchema, AttributionSchema; a page view's touch is contracts
 * leads/touch.ts, shared with the leads service's form without script).
 * The first touch of the visit is kept as it was; the last one is replaced
 * whenever a URL of the visit carries campaign parameters again.
 * Both live in sessionStorage (this tab's visit), which may be unavailable
 * (privacy modes, a full quota): then the page's own touch is sent.
 */
import { carriesCampaign, touchOf, type Attribution, type PageVisit, type Touch } from '@hap/contracts';
import type { PageRoute } from '../routes';

export { CAMPAIGN_PARAMS, carriesCampaign, externalReferrer, touchOf, type PageVisit } from '@hap/contracts';

export const ATTRIBUTION_STORAGE_KEY = 'hap.attribution';

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
  return { first: touches.first, last: touches.last, styleVariant: styleVariantOf(route), experiment: route.experiment ?? null };
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
