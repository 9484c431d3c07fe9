import type { ComponentType } from 'react';
import { ClientLandingPage } from '../client-landing/ClientLandingPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { HomePage } from '../home/HomePage';
import { ServiceView } from '../landing/ServiceView';
import { ServiceUnavailable } from '../landing/ServiceUnavailable';
import { OnboardPage } from '../onboard/OnboardPage';
import { ThanksPage } from '../thanks/ThanksPage';
import { UnifiedPage } from '../unified/UnifiedPage';
import type { PageView } from './views';

/** Every view, bundled into the server entry. */
export const SERVER_PAGES: Readonly<Record<PageView, ComponentType>> = {
  home: HomePage,
  'client-landing': ClientLandingPage,
  service: ServiceView,
  unified: UnifiedPage,
  thanks: ThanksPage,
  onboard: OnboardPage,
  'not-found': NotFoundPage,
  unavailable: ServiceUnavailable,
};
