/**
 * Third-party tracking on public pages (docs/public-site.md#states-and-fallbacks, docs/public-site.md#fixed-figures; docs/tracking-privacy.md): which
 * tags there are, the hosts each one loads from and reports to (the page's
 * Content-Security-Policy names exactly those of the tags it loads), and how
 * the public shell tells the gateway which ones a page loads. Zod-free: the
 * public pages' tracking script and the gateway both import it.
 */
import type { TrackingSettings } from './tenant/client';

/** The three tags a clinic may enable: the ad tag (Google Ads), the analytics tag (GA4) and the social pixel (Meta). */
export const TRACKING_TAGS = ['google-ads', 'google-analytics', 'meta-pixel'] as const;
export type TrackingTag = (typeof TRACKING_TAGS)[number];

/** The CSP directives a tag needs hosts in. */
export interface TagSources {
  script: readonly string[];
  connect: readonly string[];
  img: readonly string[];
  frame: readonly string[];
}

/**
 * Hosts per tag, from the vendors' CSP guides (Google tag platform "Use a CSP",
 * Meta pixel): the loader script and where it sends hits. gtag.js is one loader
 * for both Google tags, hence www.googletagmanager.com in both.
 */
export const TAG_SOURCES: Readonly<Record<TrackingTag, TagSources>> = {
  'google-ads': {
    script: ['https://www.googletagmanager.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    connect: ['https://www.googletagmanager.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    img: ['https://www.googletagmanager.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    frame: ['https://td.doubleclick.net'],
  },
  'google-analytics': {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
    frame: [],
  },
  'meta-pixel': {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
    img: ['https://www.facebook.com'],
    frame: [],
  },
};

/** Every host of `tags`, per directive, each once. */
export function tagSourcesOf(tags: readonly TrackingTag[]): TagSources {
  const union = (pick: (s: TagSources) => readonly string[]) => [...new Set(tags.flatMap((tag) => pick(TAG_SOURCES[tag])))];
  return { script: union((s) => s.script), connect: union((s) => s.connect), img: union((s) => s.img), frame: union((s) => s.frame) };
}

/**
 * Response headers from the public shell to the gateway, never passed on to
 * the browser. A page answer carries `PAGE_TAGS_HEADER` (maybe empty): the tags
 * it loads, space-separated; the gateway then sends the page's own policy with
 * just their hosts. `PAGE_FRAMES_HEADER` / `PAGE_IMAGES_HEADER`: other https
 * origins the page frames (a form embed's form) or shows images from (an
 * image path an admin gave as a URL), space-separated.
 */
export const PAGE_TAGS_HEADER = 'x-hap-page-tags';
export const PAGE_FRAMES_HEADER = 'x-hap-page-frames';
export const PAGE_IMAGES_HEADER = 'x-hap-page-images';

/** At most this many outside origins per directive are taken from a page's headers. */
export const MAX_PAGE_ORIGINS = 16;

/** The tags named in a page's header; anything else is ignored. */
export function parseTagList(value: string | null | undefined): TrackingTag[] {
  const named = new Set((value ?? '').split(/[\s,]+/));
  return TRACKING_TAGS.filter((tag) => named.has(tag));
}

const HTTPS_ORIGIN = /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?$/;

/** The https origins of a header value: lower-case `https://host[:port]` only, at most MAX_PAGE_ORIGINS. */
export function parseOriginList(value: string | null | undefined): string[] {
  const origins = (value ?? '').split(/\s+/).filter((o) => HTTPS_ORIGIN.test(o));
  return [...new Set(origins)].slice(0, MAX_PAGE_ORIGINS);
}

/** The https origin of a URL, or null (http, relative, data:, malformed). */
export function httpsOriginOf(url: string): string | null {
  if (!/^https:\/\//i.test(url.trim())) return null;
  try {
    const origin = new URL(url.trim()).origin.toLowerCase();
    return HTTPS_ORIGIN.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The Lead conversion (docs/public-site.md#fixed-figures): 25 USD, fired on the thank-you page
 * 2 s after it came alive, once per lead the server accepted.
 */
export const LEAD_CONVERSION_VALUE = 25;
export const LEAD_CONVERSION_CURRENCY = 'USD';
export const LEAD_CONVERSION_DELAY_MS = 2000;
/** The service-view event's value (docs/public-site.md#fixed-figures): sent on a service page, which service never said. */
export const SERVICE_VIEW_VALUE = 250;

/**
 * sessionStorage key under which the lead form keeps the receipt references
 * of leads the server accepted in this tab (JSON array, newest last); the
 * thank-you page's tracking fires the conversion only for one of them.
 */
export const ACCEPTED_LEADS_KEY = 'hap.acceptedLeads';
/** The references whose conversion already fired in this tab (a reload does not fire again). */
export const CONVERTED_LEADS_KEY = 'hap.convertedLeads';
/** How many references each list keeps. */
export const MAX_REMEMBERED_LEADS = 10;

/**
 * A clinic's tracking settings as pages get them: TrackingSettingsSchema's
 * type (a type-only import, so this module stays zod-free at run time).
 */
export type ClinicTracking = TrackingSettings;

/** What one page loads and fires: the ids of the tags it loads (null: not on this page) and whether the Lead conversion may fire. */
export interface PageTracking {
  googleAdsTagId: string | null;
  googleAnalyticsId: string | null;
  facebookPixelId: string | null;
  conversion: boolean;
  /** The cross-domain linker's allow list (docs/public-site.md#states-and-fallbacks): the visit continues on these hosts as one visit. */
  linkerDomains?: string[];
}

/** A host a linker may name: a DNS name with a dot, not an address or localhost. */
const LINKABLE_HOST = /^(?=.{1,253}$)(?!\d+(\.\d+){3}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * The linker's allow list of a page (docs/public-site.md#states-and-fallbacks: "a hard-coded allow list
 * of cross-domain linker domains"; its entries are not shown): the clinic's own
 * host the page was served on, and the host of its booking link, where the
 * visitor books. Hosts only, de-duplicated; nothing that is not a public name.
 */
export function linkerDomainsFor(pageHost: string, bookingLink: string | null | undefined): string[] {
  const hosts = [pageHost.replace(/:\d+$/, '').toLowerCase()];
  if (bookingLink) {
    try {
      const url = new URL(bookingLink);
      if (url.protocol === 'https:' || url.protocol === 'http:') hosts.push(url.hostname.toLowerCase());
    } catch {
      // Not an address: nothing to link.
    }
  }
  return [...new Set(hosts.filter((host) => LINKABLE_HOST.test(host)))];
}

/**
 * Pages whose address names no service: `/`, `/home`, the client landing page,
 * `/thanks?client=&ref=`. The social pixel reads the address bar itself, so it
 * loads only there (docs/tracking-privacy.md); the Google tags are given a neutral address.
 */
export const PIXEL_PAGE_VIEWS: readonly string[] = ['home', 'client-landing', 'thanks'];

/** Ids as the client contract accepts them; anything else is not put into a script address. */
const TAG_ID = {
  ads: /^AW-\d{6,15}$/,
  analytics: /^(?:G-[A-Z0-9]{4,16}|UA-\d{4,12}-\d{1,4})$/,
  pixel: /^\d{6,20}$/,
};

const valid = (id: string | null | undefined, rule: RegExp) => (id && rule.test(id) ? id : null);

/**
 * The tags page view `view` of a clinic loads (docs/public-site.md#states-and-fallbacks, docs/public-site.md#validation: only when
 * tracking is enabled, only the ids that are present); null when none.
 */
export function pageTrackingFor(settings: ClinicTracking | null, view: string): PageTracking | null {
  if (!settings?.trackingEnabled) return null;
  const tracking: PageTracking = {
    googleAdsTagId: valid(settings.googleAdsTagId, TAG_ID.ads),
    googleAnalyticsId: valid(settings.googleAnalyticsId, TAG_ID.analytics),
    facebookPixelId: PIXEL_PAGE_VIEWS.includes(view) ? valid(settings.facebookPixelId, TAG_ID.pixel) : null,
    conversion: settings.conversionTrackingEnabled,
  };
  return tagsOfPage(tracking).length ? tracking : null;
}

/** The tags a page's tracking loads. */
export function tagsOfPage(tracking: PageTracking | null): TrackingTag[] {
  if (!tracking) return [];
  const tags: TrackingTag[] = [];
  if (tracking.googleAdsTagId) tags.push('google-ads');
  if (tracking.googleAnalyticsId) tags.push('google-analytics');
  if (tracking.facebookPixelId) tags.push('meta-pixel');
  return tags;
}
