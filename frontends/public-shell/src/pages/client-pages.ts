import type { ComponentType } from 'react';
import type { PageView } from './views';

/**
 * Each view as its own chunk: a landing page's visitor downloads the landing
 * page's code, not the home page's (DESIGN §7). The server preloads the one
 * chunk the page needs (server/assets-manifest.ts), so this costs no round trip.
 */
export const CLIENT_PAGES: Readonly<Record<PageView, () => Promise<ComponentType>>> = {
  home: () => import('../home/HomePage').then((m) => m.HomePage),
  'client-landing': () => import('../client-landing/ClientLandingPage').then((m) => m.ClientLandingPage),
  service: () => import('../landing/ServicePage').then((m) => m.ServicePage),
  unified: () => import('../unified/UnifiedPage').then((m) => m.UnifiedPage),
  thanks: () => import('../thanks/ThanksPage').then((m) => m.ThanksPage),
  onboard: () => import('../onboard/OnboardPage').then((m) => m.OnboardPage),
  'not-found': () => import('../components/NotFoundPage').then((m) => m.NotFoundPage),
  unavailable: () => import('../landing/ServiceUnavailable').then((m) => m.ServiceUnavailable),
};
