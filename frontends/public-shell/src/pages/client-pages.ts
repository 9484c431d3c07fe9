import type { ComponentType } from 'react';
import type { PageState } from '../state/page-state';
import { loadPicker } from '../booking/picker-slot';
import { showsPicker, type PageView } from './views';

/** A view whose page shows the booking picker brings the picker's chunk with it, before it hydrates. */
const withPicker = (view: PageView, state: PageState, page: Promise<ComponentType>): Promise<ComponentType> =>
  showsPicker(view, state) && view !== 'appointment' ? Promise.all([page, loadPicker()]).then(([component]) => component) : page;

/**
 * Each view as its own chunk: a landing page's visitor downloads the landing
 * page's code, not the home page's (docs/public-site.md#page-speed). The server preloads the one
 * chunk the page needs (server/assets-manifest.ts), so this costs no round trip.
 * A view may pick its component from the page's state: an admin's preview of a
 * service page loads the preview's own chunk on top (landing/ServicePage.tsx).
 */
export const CLIENT_PAGES: Readonly<Record<PageView, (state: PageState) => Promise<ComponentType>>> = {
  home: () => import('../home/HomePage').then((m) => m.HomePage),
  'client-landing': () => import('../client-landing/ClientLandingPage').then((m) => m.ClientLandingPage),
  service: (state) => import('../landing/ServicePage').then((m) => m.serviceViewFor(state)),
  unified: () => import('../unified/UnifiedPage').then((m) => m.UnifiedPage),
  thanks: (state) => withPicker('thanks', state, import('../thanks/ThanksPage').then((m) => m.ThanksPage)),
  book: (state) => withPicker('book', state, import('../booking/BookPage').then((m) => m.BookPage)),
  appointment: () => import('../booking/AppointmentPage').then((m) => m.AppointmentPage),
  onboard: () => import('../onboard/OnboardPage').then((m) => m.OnboardPage),
  'not-found': () => import('../components/NotFoundPage').then((m) => m.NotFoundPage),
  unavailable: () => import('../landing/ServiceUnavailable').then((m) => m.ServiceUnavailable),
};
