import type { ComponentType } from 'react';
import { AppointmentPage } from '../booking/AppointmentPage';
import { BookPage } from '../booking/BookPage';
import { providePicker } from '../booking/picker-slot';
import { SlotPicker } from '../booking/SlotPicker';
import { ClientLandingPage } from '../client-landing/ClientLandingPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { HomePage } from '../home/HomePage';
import { ServiceView } from '../landing/ServiceView';
import { ServiceUnavailable } from '../landing/ServiceUnavailable';
import { OnboardPage } from '../onboard/OnboardPage';
import { ThanksPage } from '../thanks/ThanksPage';
import { UnifiedPage } from '../unified/UnifiedPage';
import type { PageView } from './views';

// The picker is its own chunk in the browser; the server renders it with the page.
providePicker(SlotPicker);

/** Every view, bundled into the server entry. */
export const SERVER_PAGES: Readonly<Record<PageView, ComponentType>> = {
  home: HomePage,
  'client-landing': ClientLandingPage,
  service: ServiceView,
  unified: UnifiedPage,
  thanks: ThanksPage,
  book: BookPage,
  appointment: AppointmentPage,
  onboard: OnboardPage,
  'not-found': NotFoundPage,
  unavailable: ServiceUnavailable,
};
