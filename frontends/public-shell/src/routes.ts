/**
 * What a URL shows (docs/public-site.md#pages-and-routes routes, docs/public-site.md#home-pages, docs/public-site.md#page-styles, docs/admin.md#admin-paths). Plain code,
 * not a router: public pages are full page loads and ship no client router
 * (docs/public-site.md#page-speed). The server uses it for the page, the data it loads, the status
 * code and redirects; the browser reads the server's choice back from the state.
 */
import { isEditQuery, isPreviewQuery } from '@hap/contracts';
import { homeVariantOf } from './home/home-variant';

export type PageKind = 'home' | 'client-landing' | 'service' | 'unified' | 'thanks' | 'book' | 'appointment' | 'onboard' | 'admin' | 'login' | 'not-found';

/** The kinds the public entry renders; /admin has its own entry and /login only redirects. */
export type PublicPageKind = Exclude<PageKind, 'admin' | 'login'>;

/** Landing page styles (docs/public-site.md#page-styles): A default, B find-a-provider, C urgency. */
export type LandingStyle = 'A' | 'B' | 'C';

export interface PageRoute {
  kind: PageKind;
  /** Service pages: the path segment naming the clinic's service. */
  servicePath?: string;
  /** Service pages: the style to show (the server sets the clinic's default, or an experiment's arm, where the URL names none). */
  style?: LandingStyle;
  /** Service pages: the URL names its style (`/trt/b`, `?style=B`): no experiment assigns one, and the view is not the experiment's. */
  explicitStyle?: boolean;
  /**
   * Service pages: the experiment arm the server assigned this visitor and its signed
   * token (service-kit experiment-arm.ts); the lead sends the token, and only a valid one counts for the arm.
   */
  experiment?: { id: number; variant: LandingStyle; token: string };
  /** Service pages: `?preview=1` shows the preview variant (docs/public-site.md#pages-and-routes). */
  preview?: boolean;
  /** `?preview=1&edit=1`: the page as the admin's page editor drives it (docs/page-editor.md#marks). */
  edit?: boolean;
  /**
   * `/weight-management` and `/weightloss`: the service the spec maps the path to,
   * shown when the clinic offers no service at the literal path.
   */
  aliasOf?: string;
  /** /thanks: the lead's receipt reference (`?ref=`, a UUID; anything else is left out). */
  reference?: string;
  /** /thanks and /book: the service the lead was for, or is booked (`?service=`, a positive integer). */
  serviceId?: number;
  /**
   * /book: the lead's booking token (`?token=`, from the patient's e-mail link or the way back of a
   * refused booking); /appointment: the appointment's signed link token. Never sent to analytics:
   * these pages load no tracking (server/app.ts).
   */
  token?: string;
  /** /appointment: `?booked=1`, the patient has just booked it. */
  booked?: boolean;
  /** Set when the URL only redirects. */
  redirect?: string;
}

export const ADMIN_LOGIN_PATH = '/admin/login';

/** The home page paths (reading A) and the client landing page paths (reading B), docs/public-site.md#home-pages. */
const HOME_PATHS = new Set(['', 'home', 'client-home']);
const CLIENT_LANDING_PATHS = new Set(['standalone-client-home', 'legacy-home']);

/** A receipt reference as the leads service gives it (contracts LeadReceiptSchema: a UUID). */
const REFERENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /thanks, with the reference the lead form passed on when it is one. */
function thanksPage(search: URLSearchParams): PageRoute {
  const reference = search.get('ref')?.trim();
  return reference && REFERENCE.test(reference) ? { kind: 'thanks', reference: reference.toLowerCase() } : { kind: 'thanks' };
}

const SERVICE_ID = /^[1-9]\d{0,9}$/;

/** `?service=` when it is a positive integer. */
function serviceIdOf(search: URLSearchParams): number | undefined {
  const value = search.get('service')?.trim() ?? '';
  return SERVICE_ID.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined;
}

/** A token from the address: trimmed, within the contracts' 300 characters (longer is no token of ours). */
function tokenOf(search: URLSearchParams): string | undefined {
  const value = search.get('token')?.trim() ?? '';
  return value && value.length <= 300 ? value : undefined;
}

/** /thanks, with the reference the lead form passed on when it is one, and the service it was for. */
function thanksRoute(search: URLSearchParams): PageRoute {
  const serviceId = serviceIdOf(search);
  return { ...thanksPage(search), ...(serviceId !== undefined && { serviceId }) };
}

/** /book?client=&service=&token= (docs/booking.md#pages): the picker of one service; no service, no page. */
function bookRoute(search: URLSearchParams): PageRoute {
  const serviceId = serviceIdOf(search);
  if (serviceId === undefined) return { kind: 'not-found' };
  const token = tokenOf(search);
  return { kind: 'book', serviceId, ...(token !== undefined && { token }) };
}

/** /appointment?client=&token=[&booked=1] (docs/booking.md#pages): the patient's appointment by its link. */
function appointmentRoute(search: URLSearchParams): PageRoute {
  const token = tokenOf(search);
  return { kind: 'appointment', ...(token !== undefined && { token }), booked: search.get('booked') === '1' };
}

/** Words that are never a service path (docs/public-site.md#pages-and-routes); /thanks is the thank-you page, /onboard the self-registration. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'admin',
  'client-home',
  'thanks',
  'login',
  'home',
  'services',
  'unified',
  'funnel-service',
  'legacy-home',
  'standalone-client-home',
  'onboard',
  'portal',
  'book',
  'appointment',
]);

/**
 * The two fixed service routes of docs/public-site.md#pages-and-routes (as the spec maps them). A
 * clinic whose own service sits at the literal path keeps it (its home page's
 * card links there): the mapping applies when it has none (README).
 */
const FIXED_SERVICE_PATHS: Readonly<Record<string, string>> = { 'weight-management': 'weight-loss', weightloss: 'weight-management' };

/** A path segment that can name a service (the contracts' ServicePathParamSchema, without the schema library). */
const SERVICE_PATH = /^[A-Za-z0-9-]{1,200}$/;

/** `?style=`: a, b or c in any case; anything else is the default, A (docs/public-site.md#pages-and-routes). */
export function styleOf(value: string | null | undefined, fallback: LandingStyle = 'A'): LandingStyle {
  return askedStyle(value) ?? fallback;
}

/** `?style=` when it names a style; null otherwise. */
function askedStyle(value: string | null | undefined): LandingStyle | null {
  const upper = (value ?? '').trim().toUpperCase();
  return upper === 'A' || upper === 'B' || upper === 'C' ? upper : null;
}

const styleSegment = (segment: string): LandingStyle | null => {
  const match = /^(?:style-)?([abc])$/i.exec(segment);
  return match ? (match[1]!.toUpperCase() as LandingStyle) : null;
};

function servicePage(servicePath: string, search: URLSearchParams, style?: LandingStyle): PageRoute {
  if (!SERVICE_PATH.test(servicePath)) return { kind: 'not-found' };
  const asked = askedStyle(search.get('style'));
  return {
    kind: 'service',
    servicePath,
    style: style ?? asked ?? 'A',
    explicitStyle: style !== undefined || asked !== null,
    preview: isPreviewQuery(search),
    ...(isEditQuery(search) && { edit: true }),
  };
}

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * The page of a URL. Matching ignores case for the fixed words and trailing
 * slashes; `/admin` and everything below it is the admin, `/portal` and below the clinic portal.
 */
export function routeFor(pathname: string, search: string | URLSearchParams = ''): PageRoute {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = pathname.split('/').filter(Boolean);
  const segments = raw.map(decode);
  if (segments.some((s) => s === null)) return { kind: 'not-found' };
  const parts = segments as string[];
  const lower = parts.map((s) => s.toLowerCase());
  const [first = '', second, third, fourth] = lower;

  // The clinic portal is a screen of the same remote as the admin: the same page machinery.
  if (first === 'admin' || first === 'portal') return { kind: 'admin' };
  if (parts.length <= 1) {
    if (HOME_PATHS.has(first)) return { kind: 'home' };
    if (CLIENT_LANDING_PATHS.has(first)) return { kind: 'client-landing' };
    if (first === 'login') return { kind: 'login', redirect: ADMIN_LOGIN_PATH };
    if (first === 'thanks') return thanksRoute(query);
    if (first === 'book') return bookRoute(query);
    if (first === 'appointment') return appointmentRoute(query);
    if (first === 'onboard') return { kind: 'onboard' };
    // '/%3Fclient=2': a query that lost its way into the path goes home, with it (docs/public-site.md#pages-and-routes).
    if (first.startsWith('?')) return { kind: 'home', redirect: `/${parts[0]}` };
    if (FIXED_SERVICE_PATHS[first]) return { ...servicePage(first, query), aliasOf: FIXED_SERVICE_PATHS[first] };
    if (RESERVED_WORDS.has(first)) return { kind: 'not-found' };
    return servicePage(parts[0]!, query);
  }
  if ((first === 'services' || first === 'funnel-service') && parts.length === 2) return servicePage(parts[1]!, query);
  if (first === 'unified' && second !== undefined) {
    if (parts.length === 2) return SERVICE_PATH.test(parts[1]!) ? { kind: 'unified', servicePath: parts[1]! } : { kind: 'not-found' };
    const style = third !== undefined && fourth === undefined && third.startsWith('style-') ? styleSegment(third) : null;
    return style ? servicePage(parts[1]!, query, style) : { kind: 'not-found' };
  }
  if (parts.length === 2 && !RESERVED_WORDS.has(first)) {
    const style = second !== undefined && /^[abc]$/.test(second) ? styleSegment(second) : null;
    return style ? servicePage(parts[0]!, query, style) : { kind: 'not-found' };
  }
  return { kind: 'not-found' };
}

/** The kind only (the server's first question: does this page need a clinic?). */
export const pageKindFor = (pathname: string): PageKind => routeFor(pathname).kind;

/** A service page shows the preview variant: `?preview=1`, but not the page editor's page (`edit=1`), which is the page itself. */
export const showsPreviewVariant = (route: PageRoute): boolean => route.kind === 'service' && route.preview === true && !route.edit;

/**
 * The page's own address as it goes into the page (the lead form's landing
 * address, the way back to the form): the path and, normalised, only the
 * parameters that change what the page shows: `client` when it was accepted
 * (`acceptedClientId`), `style`, `variant` and `preview`. Campaign parameters
 * (utm_*, gclid, gbraid, wbraid, fbclid) and anything unknown are left out,
 * so a page is the same HTML for every visitor of its clinic whatever ad they
 * came from, and the server caches it once (server/page-cache.ts); the browser
 * reads those from its address bar (src/landing/attribution.ts, and the boot
 * loader for a form posted without the page's script).
 */
export function pageAddress(pathname: string, search: string | URLSearchParams, acceptedClientId: number | null): string {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  if (acceptedClientId !== null) kept.set('client', String(acceptedClientId));
  const style = query.get('style');
  // A style the page shows (any case); anything else shows A, as no style does.
  if (style !== null && /^\s*[abc]\s*$/i.test(style)) kept.set('style', styleOf(style).toLowerCase());
  const variant = homeVariantOf(query);
  if (variant !== 'A') kept.set('variant', variant.toLowerCase());
  if (isPreviewQuery(query)) kept.set('preview', '1');
  if (isEditQuery(query)) kept.set('edit', '1');
  const text = kept.toString();
  return text ? `${pathname}?${text}` : pathname;
}

