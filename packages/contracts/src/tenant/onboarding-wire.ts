/**
 * Onboarding's wire names, messages and limits, zod-free: the /onboard page
 * checks its form with the very same words without bringing the schema
 * library into the public pages (frontends/public-shell README, "No zod or
 * Radix in the browser"). onboarding.ts builds the server's schema from them.
 */

/** Where the registration posts (the `submitOnboarding` row's path). */
export const ONBOARDING_SUBMIT_PATH = '/api/onboarding';
/** The public catalogue step 2 reads (the `listAllServiceTemplates` row's path, docs/public-site.md#fixed-figures). */
export const PUBLIC_CATALOGUE_PATH = '/api/service-templates/all';

/** docs/public-site.md#validation, word for word, and the limits the server keeps. */
export const ONBOARDING_MESSAGES = {
  name: 'Business name must be at least 3 characters',
  address: 'Address is required',
  phone: 'Phone number is required',
  email: 'Must be a valid email',
  website: 'Must be a valid URL',
  domain: 'Must be a domain like www.yourclinic.com',
  services: 'Please select at least one service',
} as const;

/** The shortest and longest values each detail takes (min 0: optional). */
export const ONBOARDING_LENGTHS = {
  name: { min: 3, max: 200 },
  address: { min: 5, max: 500 },
  phone: { min: 10, max: 40 },
  email: { min: 1, max: 254 },
  website: { min: 0, max: 2048 },
  domain: { min: 0, max: 253 },
} as const;

/** The onboarding's progress bar per step (docs/public-site.md#pages-and-routes). */
export const ONBOARDING_PROGRESS = { details: 33, services: 66, done: 100 } as const;
export type OnboardingStep = keyof typeof ONBOARDING_PROGRESS;

/** Descriptions on service cards are cut here (docs/public-site.md#pages-and-routes). */
export const ONBOARDING_DESCRIPTION_LIMIT = 100;

/** How many services one business may pick at once (the catalogue is far smaller). */
export const MAX_ONBOARDING_SERVICES = 50;
