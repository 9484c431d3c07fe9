import type { PageState } from '../../src/state/page-state';

/** The page state the component suites render with: Summit Wellness (client 1) and its Low-T Therapy page. */

/** Summit Wellness as the page state holds it; `overrides` replace parts. */
export const summitClient = (overrides: Partial<PageState['client']> = {}): PageState['client'] => ({
  id: 1,
  name: 'Summit Wellness',
  address: '1450 Larimer Street, Denver',
  phone: '(303) 555-0142',
  email: 'hello@example.com',
  website: null,
  brandColor: '#37a2d4',
  brandBgColor: '#00446f',
  logoPath: null,
  officeImagePath: null,
  bookingLink: null,
  ...overrides,
});

/** A home page's state for Summit Wellness (its services loaded, no staff, no landing page); `overrides` replace parts. */
export const pageState = (overrides: Partial<PageState> = {}): PageState =>
  ({
    route: { kind: 'home' },
    client: summitClient(),
    clientSource: 'query',
    linkClientParam: true,
    services: [],
    servicesLoaded: true,
    staff: [],
    landing: null,
    landingError: null,
    origin: 'http://localhost',
    year: 2026,
    ...overrides,
  }) as PageState;

type Service = NonNullable<PageState['landing']>['content']['service'];

/** Summit's Low-T Therapy page (service 1, template 1, path trt) with `template`; `service` replaces parts of the service. */
export const lowTLanding = <T,>(template: T, service: Partial<Service> = {}) => ({
  content: {
    client: { id: 1 },
    service: {
      id: 1,
      clientId: 1,
      templateId: 1,
      name: 'Low-T Therapy',
      path: 'trt',
      isActive: true,
      customTitle: null,
      formEmbedCode: null,
      heroBackgroundPath: null,
      offer: '$99 First Visit',
      offerValue: null,
      offerDescription: 'Labs included.',
      ...service,
    },
    template,
  },
  meta: { title: 'Low-T Therapy', description: '', keywords: '', canonicalUrl: '/trt' },
});
