import { DEFAULT_CLIENT_ID, type PageContent, type PageContext } from '@hap/contracts';
import type { PageRoute } from '../routes';
import { fallbackBranding, onboardingBranding } from '../state/branding';
import { stateWithoutContent, type BookingState, type PageState } from '../state/page-state';

/** What the server loaded for one page: the clinic (tenant) and the catalogue's part (templates). */
export interface LoadedPage {
  route: PageRoute;
  /** Null when the page-context call failed. */
  context: PageContext | null;
  /** Null when the page-content call failed or was not made. */
  content: PageContent | null;
  /** The origin the visitor reached (scheme and host), for canonical URLs. */
  origin: string;
  /** The path and query the visitor reached. */
  pageUrl?: string;
  year?: number;
  /** The booking pages' data from leads (server/booking-data.ts); none elsewhere. */
  booking?: BookingState | null;
  /** The ad keyword the visit's `kw` matched in the service's allow-list (server/landing-keywords.ts); none otherwise. */
  keyword?: string | null;
}

export interface PageData {
  state: PageState;
  /** Set when `?client=` was accepted: the server stores it in the currentClientId cookie. */
  rememberClientId: number | null;
}

/** The message of the 'Service Not Available' screen (docs/public-site.md#pages-and-routes). */
export const LANDING_LOAD_FAILED = 'Failed to load service content';

/**
 * A public page's state from the gateway's answers, or from nothing when a
 * call failed: then client 1's built-in colours and the generic name (docs/public-site.md#what-a-page-shows), never an error page. The catalogue failing leaves the home page
 * without services (said as such) and a service page on 'Service Not Available'.
 */
export function pageDataFrom({ route, context, content, origin, pageUrl, year = new Date().getFullYear(), booking, keyword }: LoadedPage): PageData {
  if (route.kind === 'onboard') return onboardingPageData(route, origin, year);
  const clientId = context?.resolution.clientId ?? DEFAULT_CLIENT_ID;
  const client = context?.client ?? null;
  const wantsLanding = route.kind === 'service' || route.kind === 'unified';
  return {
    state: {
      route,
      client: client ?? fallbackBranding(clientId),
      clientSource: client && context ? context.resolution.source : 'fallback',
      linkClientParam: context?.resolution.source !== 'host',
      services: content?.services ?? [],
      servicesLoaded: content !== null,
      staff: context?.staff ?? [],
      landing: content?.landing ?? null,
      landingError: wantsLanding && content === null ? LANDING_LOAD_FAILED : null,
      origin,
      ...(wantsLanding && pageUrl !== undefined && { pageUrl }),
      ...(wantsLanding && content?.landing && keyword && { keyword }),
      year,
      ...(booking && { booking }),
    },
    rememberClientId: context?.resolution.source === 'query' ? context.resolution.clientId : null,
  };
}

/** /onboard: the agency's page, the same on every host; its catalogue is loaded by the browser (docs/public-site.md#fixed-figures). */
function onboardingPageData(route: PageRoute, origin: string, year: number): PageData {
  return { state: stateWithoutContent(route, onboardingBranding(), origin, year), rememberClientId: null };
}
