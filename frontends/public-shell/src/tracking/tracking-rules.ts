/**
 * Tracking rules (docs/public-site.md#states-and-fallbacks, docs/public-site.md#fixed-figures; docs/tracking-privacy.md), pure: what third-party tags
 * are told. A visit to a service page can reveal a health condition, so a tag
 * host receives generic event names and values only: never a service's name
 * or slug (not inside an address either), never a form value.
 */
import { ACCEPTED_LEADS_KEY, CONVERTED_LEADS_KEY, MAX_REMEMBERED_LEADS } from '@hap/contracts';

/** The event names tags receive: fixed, generic words. */
export const TRACKING_EVENTS = {
  pageView: 'page_view',
  /** GA4's recommended name for a lead. */
  lead: 'generate_lead',
  /** Google Ads' conversion event. */
  adsConversion: 'conversion',
  phoneClick: 'phone_click',
  ctaClick: 'cta_click',
  /** On a service page (docs/public-site.md#fixed-figures: worth 250 USD); which service is never said. */
  serviceView: 'service_view',
} as const;

/** Views that are a service's page. */
export const SERVICE_VIEWS: readonly string[] = ['service', 'unified'];

/** The social pixel's standard events (docs/public-site.md#fixed-figures lists them). */
export const PIXEL_EVENTS = { pageView: 'PageView', lead: 'Lead', contact: 'Contact' } as const;

/** The neutral path and title each view is reported with: a service page is '/service', whatever its own path. */
const NEUTRAL_PAGES: Readonly<Record<string, { path: string; title: string }>> = {
  home: { path: '/', title: 'Home' },
  'client-landing': { path: '/clinic', title: 'Clinic' },
  service: { path: '/service', title: 'Service' },
  unified: { path: '/service', title: 'Service' },
  thanks: { path: '/thanks', title: 'Thank you' },
  'not-found': { path: '/not-found', title: 'Not found' },
  unavailable: { path: '/service-unavailable', title: 'Service unavailable' },
};
const OTHER_PAGE = { path: '/page', title: 'Page' };

/**
 * Query parameters a reported address may keep: the clinic's number and the
 * ad click ids the ad tag and analytics attribute conversions with, and the
 * generic source and medium. Campaign, term and content are left out: an ad's
 * campaign is often named after the condition it treats.
 */
export const KEPT_QUERY_PARAMS: readonly string[] = ['client', 'gclid', 'gbraid', 'wbraid', 'fbclid', 'utm_source', 'utm_medium'];

function keptQuery(search: string): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    if (KEPT_QUERY_PARAMS.includes(name) && /^[A-Za-z0-9._~-]{1,200}$/.test(value)) kept.append(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The address a Google tag reports for this page (its `page_location`): the view's neutral path, the kept parameters. */
export function neutralLocation(href: string, view: string): string {
  const url = new URL(href);
  return `${url.origin}${(NEUTRAL_PAGES[view] ?? OTHER_PAGE).path}${keptQuery(url.search)}`;
}

/** The title a Google tag reports (`page_title`), instead of the document's, which names the service. */
export const neutralTitle = (view: string): string => (NEUTRAL_PAGES[view] ?? OTHER_PAGE).title;

/** The referrer a Google tag reports (`page_referrer`): its origin only ('' when none). */
export function originOnly(referrer: string): string {
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}/` : '';
  } catch {
    return '';
  }
}

/**
 * Whether the social pixel may load here: it reports the address bar and
 * document.referrer as they are, so only when the address carries nothing but
 * its path and kept parameters (the server lists it only on pages whose path
 * names no service) and the referrer is an origin at most (our pages send only
 * their origin, Referrer-Policy: strict-origin).
 */
export function pixelMayRead(href: string, referrer: string): boolean {
  const url = new URL(href);
  const params = [...new URLSearchParams(url.search).keys()];
  const thanksRef = url.pathname === '/thanks' ? ['ref'] : [];
  if (!params.every((name) => KEPT_QUERY_PARAMS.includes(name) || thanksRef.includes(name))) return false;
  if (url.hash) return false;
  return referrer === '' || originOnly(referrer) === referrer;
}

/**
 * Parameters the thank-you page's address carries for the page itself, which no tag may
 * read: the lead's service (`service`, docs/booking.md#pages: the picker's service). The
 * tracking script takes them out of the address bar before the pixel, which reads the address
 * whole, is loaded; the page was rendered with them already.
 */
export const PAGE_ONLY_PARAMS: readonly string[] = ['service'];

/** The address without the page-only parameters; null when it has none (nothing to replace). */
export function withoutPageOnlyParams(href: string): string | null {
  const url = new URL(href);
  const query = new URLSearchParams(url.search);
  if (!PAGE_ONLY_PARAMS.some((name) => query.has(name))) return null;
  for (const name of PAGE_ONLY_PARAMS) query.delete(name);
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** A call to action's generic kind: where it leads, never its words (a label can name the service). */
export type CtaKind = 'section' | 'page' | 'booking' | 'email';

/** The kind of a CTA link or button from its address ('section' for a button or an in-page anchor). */
export function ctaKindOf(href: string | null, pageHref: string): CtaKind {
  if (!href || href.startsWith('#')) return 'section';
  if (href.startsWith('mailto:')) return 'email';
  try {
    const page = new URL(pageHref);
    const target = new URL(href, page);
    if (target.origin !== page.origin) return 'booking';
    return target.pathname === page.pathname ? 'section' : 'page';
  } catch {
    return 'page';
  }
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function readList(store: Store, key: string): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function writeList(store: Store, key: string, list: readonly string[]) {
  try {
    store.setItem(key, JSON.stringify(list.slice(-MAX_REMEMBERED_LEADS)));
  } catch {
    // Storage full or refused (private mode): the conversion is then not fired, never fired twice.
  }
}

/**
 * Whether the thank-you page at `search` fires the Lead conversion: only for a
 * reference the lead form kept when the server accepted that lead in this tab
 * (src/tracking/remember-lead.ts; not for a honeypot's answer, nor a typed or
 * shared /thanks address), and only once: the reference moves to the
 * converted list first, so a reload or a second tab does not fire again.
 */
export function takeConversion(store: Store | null, search: string): boolean {
  const ref = new URLSearchParams(search).get('ref');
  if (!ref || !store) return false;
  const accepted = readList(store, ACCEPTED_LEADS_KEY);
  if (!accepted.includes(ref) || readList(store, CONVERTED_LEADS_KEY).includes(ref)) return false;
  writeList(store, CONVERTED_LEADS_KEY, [...readList(store, CONVERTED_LEADS_KEY), ref]);
  writeList(
    store,
    ACCEPTED_LEADS_KEY,
    accepted.filter((r) => r !== ref),
  );
  return readList(store, CONVERTED_LEADS_KEY).includes(ref);
}
