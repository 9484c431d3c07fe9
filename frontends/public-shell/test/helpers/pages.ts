import { defaultTemplateContent, type ClientBranding, type PageContent, type PageExperiment } from '@hap/contracts';

/** What the suites give the shell for the pages it renders: the HTML template, a clinic's branding, a landing page. */

/** The HTML template the client build gives the server, its entry script at `entry`. */
export const pageTemplate = (entry = '/assets/index-abc.js') =>
  `<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--><script type="module" src="${entry}"></script></body></html>`;

/** A clinic's branding as tenant answers it: client 2, Apex Health, unless `overrides` say otherwise. */
export const clinicBranding = (overrides: Partial<ClientBranding> = {}): ClientBranding => ({
  id: 2,
  name: 'Apex Health',
  address: null,
  phone: '555-0100',
  email: null,
  website: null,
  brandColor: '#004aad',
  brandBgColor: '#004aad',
  logoPath: null,
  officeImagePath: null,
  bookingLink: null,
  ...overrides,
});

/** A clinic's TRT landing page (service 6, template 1) as templates answers it; the named parts vary. */
export const trtLanding = ({
  clientId = 2,
  name = 'TRT Program',
  headline = 'Get Your Energy Back',
  metaDescription = 'TRT.',
  defaultStyle = 'A',
  experiment = null,
}: {
  clientId?: number;
  name?: string;
  headline?: string;
  metaDescription?: string;
  defaultStyle?: 'A' | 'B' | 'C';
  experiment?: PageExperiment | null;
} = {}): NonNullable<PageContent['landing']> => ({
  content: {
    client: { id: clientId },
    service: {
      id: 6,
      clientId,
      templateId: 1,
      name,
      path: 'trt',
      isActive: true,
      customTitle: name,
      formEmbedCode: null,
      heroBackgroundPath: null,
      offer: 'Free Consultation',
      offerValue: null,
      offerDescription: null,
    },
    template: { ...defaultTemplateContent(name), headline, description: 'Testosterone therapy with lab monitoring.', metaDescription },
  },
  meta: { title: name, description: metaDescription, keywords: 'trt', canonicalUrl: '/trt' },
  defaultStyle,
  experiment,
});
