import type { PageState } from '../state/page-state';

/**
 * The screen a public page shows. Mostly the route's kind; a service page
 * whose clinic does not offer that service is the not-found screen (an ad
 * click still sees the clinic and a way home), and one whose content could not
 * be loaded is 'Service Not Available' (docs/public-site.md#pages-and-routes).
 */
export type PageView = 'home' | 'client-landing' | 'service' | 'unified' | 'thanks' | 'book' | 'appointment' | 'onboard' | 'not-found' | 'unavailable';

export const PAGE_VIEWS: readonly PageView[] = ['home', 'client-landing', 'service', 'unified', 'thanks', 'book', 'appointment', 'onboard', 'not-found', 'unavailable'];

export function viewOf(state: Pick<PageState, 'route' | 'landing' | 'landingError'>): PageView {
  const { kind } = state.route;
  if (kind === 'service' || kind === 'unified') {
    if (state.landing) return kind;
    return state.landingError ? 'unavailable' : 'not-found';
  }
  if (kind === 'home' || kind === 'client-landing' || kind === 'thanks' || kind === 'book' || kind === 'appointment' || kind === 'onboard') return kind;
  return 'not-found';
}

export const statusOf = (view: PageView): number => (view === 'not-found' ? 404 : view === 'unavailable' ? 503 : 200);

/**
 * Each view's module, as the build's manifest names it: the server adds a
 * modulepreload and the stylesheets of the one the page shows, so its chunk
 * arrives with the entry and its styles before first paint.
 */
export const VIEW_MODULES: Readonly<Record<PageView, string>> = {
  home: 'src/home/HomePage.tsx',
  'client-landing': 'src/client-landing/ClientLandingPage.tsx',
  service: 'src/landing/ServicePage.tsx',
  unified: 'src/unified/UnifiedPage.tsx',
  thanks: 'src/thanks/ThanksPage.tsx',
  book: 'src/booking/BookPage.tsx',
  appointment: 'src/booking/AppointmentPage.tsx',
  onboard: 'src/onboard/OnboardPage.tsx',
  'not-found': 'src/components/NotFoundPage.tsx',
  unavailable: 'src/landing/ServiceUnavailable.tsx',
};

/** The booking picker's module: its own chunk and styles, sent with the pages that show it (docs/booking.md#pages). */
export const PICKER_MODULE = 'src/booking/SlotPicker.tsx';

/** Whether the page shows the picker (or may at once: the appointment page's 'Change time'). */
export function showsPicker(view: PageView, state: Pick<PageState, 'booking'>): boolean {
  if (view === 'thanks' || view === 'book') return Boolean(state.booking?.picker);
  if (view === 'appointment') return state.booking?.appointment?.changeable === true;
  return false;
}
