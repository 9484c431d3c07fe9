import type { ClientBranding, ClientResolution, ManagedAppointment, PageContent, PageContext, PageServiceCard, PageTracking } from '@hap/contracts';
import type { PickerSlot } from '../booking/slot-days';
import type { PageRoute } from '../routes';

/** A team member as pages show them (page context's staff, in displayOrder). */
export type TeamMember = PageContext['staff'][number];

/** A service page's data: the unified content and meta of the clinic's service. */
export type LandingData = NonNullable<PageContent['landing']>;

/** The picker's first free times of one service (docs/booking.md#pages), as the server loaded them. */
export interface PickerState {
  clientId: number;
  serviceId: number;
  /** The clinic's IANA zone: the times are its wall-clock times. */
  timeZone: string;
  /** The first days' free times (server/booking-data.ts). */
  slots: PickerSlot[];
  /** One per render: the no-script forms post it, so the same page posted twice books once. */
  idempotencyKey: string;
  /** /book?token=: the lead's booking token (the thank-you page finds its own in this tab's storage instead). */
  leadToken: string | null;
}

/** What a booking page shows (server/booking-data.ts LoadedBooking). */
export interface BookingState {
  picker: PickerState | null;
  /** /book of a service that cannot be booked online: the sentence shown with the clinic's phone. */
  closed: string | null;
  /** /appointment: what the patient's link names. */
  appointment: ManagedAppointment | null;
  /** /appointment: why the link shows nothing; /book: the free times could not be read. */
  problem: string | null;
}

/**
 * What the server rendered the page with. It travels to the browser in
 * `<script type="application/json" id="__HAP_STATE__">` so hydration renders
 * exactly the same tree.
 */
export interface PageState {
  /** Which page this is and its parameters (routes.ts), as the server chose it. */
  route: PageRoute;
  client: ClientBranding;
  /** How the client was chosen; 'fallback' when the gateway gave no usable answer. */
  clientSource: ClientResolution['source'] | 'fallback';
  /**
   * Links between the clinic's pages carry `?client={id}` (docs/public-site.md#pages-and-routes: only
   * where the host does not name the clinic, i.e. development and preview hosts).
   */
  linkClientParam: boolean;
  /** The clinic's active services as cards (empty when it has none or the catalogue did not answer). */
  services: PageServiceCard[];
  /** False when the catalogue did not answer: pages say so rather than show "no services". */
  servicesLoaded: boolean;
  staff: TeamMember[];
  /** Service and unified pages: the service's content; null when the clinic has no such active service. */
  landing: LandingData | null;
  /** Service and unified pages: why the content could not be loaded (the 'Service Not Available' screen). */
  landingError: string | null;
  /** The page's absolute origin (for the canonical URL), as the visitor reached it. */
  origin: string;
  /** The address the visitor reached (path and query): a lead form posted without script sends it, for its campaign and the way back. */
  pageUrl?: string;
  /**
   * Service and unified pages reached with a `kw` that is one of their service's ad keywords
   * (docs/campaigns.md#message-match): the allow-list's text, shown as the headline. Never the URL's own text.
   */
  keyword?: string;
  /** The year of the copyright line, fixed by the server so both renders agree. */
  year: number;
  /** The thank-you page with the clinic's online booking, /book and /appointment (docs/booking.md#pages). */
  booking?: BookingState;
}

/** Settings read at run time, in `<script type="application/json" id="__HAP_CONFIG__">`. */
export interface RuntimeConfig {
  /** Where the admin remote's entry is served: remoteEntry.js or mf-manifest.json. */
  adminRemoteUrl: string;
  /** The tags this page loads and on which view, when its clinic's tracking is on (src/tracking/). */
  tracking?: PageTracking & { view: string };
}

export const STATE_SCRIPT_ID = '__HAP_STATE__';
export const CONFIG_SCRIPT_ID = '__HAP_CONFIG__';
export const DEFAULT_ADMIN_REMOTE_URL = '/remotes/admin/remoteEntry.js';

/** A link to one of the clinic's pages, with `?client=` where the host does not name the clinic. */
export function clinicHref(state: Pick<PageState, 'linkClientParam' | 'client'>, path: string): string {
  return state.linkClientParam ? `${path}${path.includes('?') ? '&' : '?'}client=${state.client.id}` : path;
}

/**
 * A page's state before or without the clinic's content: the fallback client,
 * no services, staff or service content. The onboarding page is always so
 * (ssr/page-data.ts); the browser starts so when the server wrote no state.
 */
export function stateWithoutContent(route: PageRoute, client: ClientBranding, origin: string, year: number): PageState {
  return {
    route,
    client,
    clientSource: 'fallback',
    linkClientParam: true,
    services: [],
    servicesLoaded: false,
    staff: [],
    landing: null,
    landingError: null,
    origin,
    year,
  };
}
