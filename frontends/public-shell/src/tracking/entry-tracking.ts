/**
 * The tracking script: loaded only by a page whose clinic's tracking is on
 * (the server adds it, and the page's CSP names just the hosts of the tags in
 * its runtime config). It runs nothing before the window's load and an idle
 * moment after it, so no tag competes with the page's first paint or its
 * hydration, and it needs no hydration itself: a visitor who reads and leaves
 * is counted too. Its own build entry, apart from the page's (docs/tracking-privacy.md#tracking).
 */
import { LEAD_CONVERSION_CURRENCY, LEAD_CONVERSION_DELAY_MS, LEAD_CONVERSION_VALUE, SERVICE_VIEW_VALUE, type PageTracking } from '@hap/contracts';
import { loadGtag, loadPixel } from './tags';
import {
  ctaKindOf,
  neutralLocation,
  neutralTitle,
  originOnly,
  PIXEL_EVENTS,
  pixelMayRead,
  SERVICE_VIEWS,
  takeConversion,
  TRACKING_EVENTS,
  withoutPageOnlyParams,
} from './tracking-rules';

type Send = (command: [string, ...unknown[]]) => void;

/** state/page-state.ts CONFIG_SCRIPT_ID (not imported: this script shares no module with the page's). */
const CONFIG_ID = '__HAP_CONFIG__';
/** How long the browser may wait for an idle moment after load. */
const IDLE_TIMEOUT_MS = 2000;

function pageTracking(): (PageTracking & { view: string }) | null {
  try {
    const config = JSON.parse(document.getElementById(CONFIG_ID)?.textContent ?? 'null') as { tracking?: PageTracking & { view: string } } | null;
    return config?.tracking ?? null;
  } catch {
    return null;
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

function whenIdleAfterLoad(run: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

function start(tracking: PageTracking & { view: string }): void {
  const { view } = tracking;
  // The thank-you page's `?service=` is for the page (its picker), never for the pixel, which reads the address whole.
  const pageOnly = tracking.facebookPixelId ? withoutPageOnlyParams(location.href) : null;
  if (pageOnly !== null) history.replaceState(history.state, '', pageOnly);
  const gtagIds = [tracking.googleAdsTagId, tracking.googleAnalyticsId].filter((id): id is string => !!id);
  const gtag: Send | null = gtagIds.length ? loadGtag(gtagIds[0]!) : null;
  if (gtag) {
    gtag(['js', new Date()]);
    // Every Google hit reports these instead of the address bar, the title and the referrer.
    gtag([
      'set',
      {
        page_location: neutralLocation(location.href, view),
        page_title: neutralTitle(view),
        page_referrer: originOnly(document.referrer),
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
      },
    ]);
    // The linker's allow list (docs/public-site.md#states-and-fallbacks): the clinic's own host and its booking host.
    if (tracking.linkerDomains?.length) gtag(['set', 'linker', { domains: tracking.linkerDomains }]);
    for (const id of gtagIds) gtag(['config', id, { send_page_view: false }]);
    // One page view per page: public pages are whole page loads (no client router).
    gtag(['event', TRACKING_EVENTS.pageView]);
    if (SERVICE_VIEWS.includes(view)) gtag(['event', TRACKING_EVENTS.serviceView, { value: SERVICE_VIEW_VALUE, currency: LEAD_CONVERSION_CURRENCY }]);
  }
  const pixel: Send | null = tracking.facebookPixelId && pixelMayRead(location.href, document.referrer) ? loadPixel() : null;
  if (pixel) {
    // No automatic events: they read buttons' words and forms.
    pixel(['set', 'autoConfig', false, tracking.facebookPixelId]);
    pixel(['init', tracking.facebookPixelId]);
    pixel(['track', PIXEL_EVENTS.pageView]);
  }

  // Phone and CTA clicks, by delegation: the page may not be hydrated (it need not be).
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('a, button') : null;
      if (!target) return;
      const href = target.getAttribute('href');
      if (href?.startsWith('tel:')) {
        gtag?.(['event', TRACKING_EVENTS.phoneClick]);
        pixel?.(['track', PIXEL_EVENTS.contact]);
        return;
      }
      if (!target.classList.contains('btn') || (target instanceof HTMLButtonElement && target.type === 'submit')) return;
      gtag?.(['event', TRACKING_EVENTS.ctaClick, { cta_kind: ctaKindOf(href, location.href) }]);
    },
    { capture: true, passive: true },
  );

  if (view === 'thanks' && tracking.conversion && takeConversion(sessionStorageOrNull(), location.search)) {
    const value = LEAD_CONVERSION_VALUE;
    const currency = LEAD_CONVERSION_CURRENCY;
    setTimeout(() => {
      if (tracking.googleAnalyticsId) gtag?.(['event', TRACKING_EVENTS.lead, { value, currency, send_to: tracking.googleAnalyticsId }]);
      if (tracking.googleAdsTagId) gtag?.(['event', TRACKING_EVENTS.adsConversion, { value, currency, send_to: tracking.googleAdsTagId }]);
      pixel?.(['track', PIXEL_EVENTS.lead, { value, currency }]);
    }, LEAD_CONVERSION_DELAY_MS);
  }
}

const tracking = pageTracking();
const w = window as unknown as { __hapTracking?: boolean };
// Once per page, whatever loads this module again.
if (tracking && !w.__hapTracking) {
  w.__hapTracking = true;
  whenIdleAfterLoad(() => start(tracking));
}
