import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PageStateProvider } from '../../src/state/page-context';
import type { PageState } from '../../src/state/page-state';
import type { LandingStyle } from '../../src/routes';

import { ServiceView } from '../../src/landing/ServiceView';
import { lowTLanding, pageState, summitClient } from '../helpers/page-state';

// The stylesheet is the bundler's business (jest.mock is hoisted above the imports).
jest.mock('../../src/landing/landing.css', () => ({}));

const template = {
  headline: 'Get Your Energy Back',
  description: 'Hormone care built around your labs.',
  metaDescription: null,
  offer: 'Template Offer',
  heroImage: null,
  benefits: ['Energy', 'Focus', 'Mood', 'Strength', 'Sleep', 'Drive', 'Seventh'].map((title) => ({ title, description: `${title} text` })),
  symptoms: [{ title: 'Poor sleep', description: 'Restless nights.', icon: 'Moon' as const }],
  process: ['Consult', 'Plan', 'Follow up', 'Review'].map((title) => ({ title, description: `${title} text` })),
  faqs: ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6'].map((question) => ({ question, answer: `${question} answer` })),
  testimonials: [
    { text: 'Great care.', rating: 4, name: null },
    { text: 'Second.', rating: 5, name: 'Mark T.' },
    { text: 'Third.', rating: 5, name: 'Ann' },
    { text: 'Fourth.', rating: 5, name: 'Zed' },
  ],
  beforeAfterImages: [],
};

function state(style: LandingStyle = 'A', extra: { preview?: boolean; formEmbedCode?: string | null; client?: Partial<PageState['client']> } = {}): PageState {
  return pageState({
    route: { kind: 'service', servicePath: 'trt', style, preview: extra.preview ?? false },
    client: summitClient({ officeImagePath: '/uploads/clients/office.1600x900.jpg', ...extra.client }),
    landing: { ...lowTLanding(template, { formEmbedCode: extra.formEmbedCode ?? null, offerValue: '$249 value' }), defaultStyle: 'A', experiment: null } as PageState['landing'],
  });
}

const render = (s: PageState) => renderToString(createElement(PageStateProvider, { state: s, children: createElement(ServiceView) }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '')
    .replace(/\s+/g, ' ');

describe('ServicePage style A (server render)', () => {
  const html = render(state('A'));
  const page = text(html);

  it('shows the spec texts of variant A', () => {
    for (const t of [
      'Find the best Low-T Therapy provider near you!',
      'Expert Specialists',
      '24/7 Support Available',
      '100% Free Matching',
      'Free Consultation:',
      'Find My Match',
      'How It Works',
      'Tell us about you',
      'Get matched',
      'Book your appointment',
      'Licensed',
      'Reviewed',
      'Reputation',
      'Get Matched Now',
      'Get Started Now',
      'Privacy Policy',
      'Terms of Service',
      '© 2026 Summit Wellness',
    ]) {
      expect(page).toContain(t);
    }
    expect(html).toContain('id="contact"');
    expect(html).toMatch(/href="tel:3035550142"/);
  });

  it('shows the first 3 reviews with a default name and the first 5 FAQs', () => {
    expect(page).toContain('Verified Patient');
    expect(page).toContain('Third.');
    expect(page).not.toContain('Fourth.');
    expect(page).toContain('Q5');
    expect(page).not.toContain('Q6');
    expect(html).toContain('aria-label="Rated 4 out of 5"');
  });

  it('renders the lead form with labelled, required, autocompleting fields', () => {
    for (const [label, autocomplete] of [
      ['Full Name', 'name'],
      ['Email Address', 'email'],
      ['Phone Number', 'tel'],
    ]) {
      const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}`).exec(html)?.[1];
      expect(id).toBeTruthy();
      expect(html).toMatch(new RegExp(`<input[^>]*id="${id}"[^>]*autoComplete="${autocomplete}"[^>]*required`));
    }
    expect(html).toContain('inputMode="tel"');
    expect(html).not.toContain('<textarea');
  });

  it('shows the consent sentence it sends, and a honeypot people never see or reach', () => {
    expect(page).toContain('By submitting, you agree that Summit Wellness may contact you by phone, text or e-mail about your enquiry.');
    const honeypot = /<div class="lead-hp" aria-hidden="true"><label>Website<input [^>]*>/.exec(html)?.[0] ?? '';
    for (const attr of ['name="website"', 'type="text"', /tabindex="-1"/i, 'autoComplete="off"']) expect(honeypot).toMatch(attr);
    // The toast region is on the page from the start, so a toast is read out as it appears.
    expect(html).toMatch(/<div class="toaster" role="status" aria-live="polite"/);
    expect(page).not.toContain('not accepted');
  });

  it('puts the office photo behind the hero on wider screens, fetched first, with its size; phones get no picture there', () => {
    expect(html).toMatch(/<source media="\(min-width: 768px\)" srcSet="[^"]+"/);
    expect(html).toMatch(/<img[^>]*class="lp-hero__image"[^>]*src="data:image\/gif;base64,[^"]+"[^>]*width="1600"[^>]*height="900"[^>]*fetchPriority="high"/);
  });
});

describe('ServicePage with form embed code', () => {
  const code = '<form><script>alert(1)</script></form>';

  it('renders the code only inside a sandboxed frame, never in the page', () => {
    const html = render(state('A', { formEmbedCode: code }));
    expect(html).toContain('sandbox="allow-scripts allow-forms allow-popups"');
    expect(html).not.toContain('allow-same-origin');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toMatch(/<iframe[^>]*srcDoc="[^"]*&lt;script&gt;alert\(1\)/);
    expect(html).toMatch(/<iframe[^>]*height="650"/);
    expect(text(html)).not.toContain('Find My Match');
  });

  it("keeps the native form when the code is the text 'null' or 'undefined'", () => {
    for (const none of ['null', 'undefined', ' ']) expect(render(state('A', { formEmbedCode: none }))).not.toContain('<iframe');
  });
});

describe('ServicePage style C (server render)', () => {
  const page = text(render(state('C')));

  it('shows the urgency texts and the offer', () => {
    for (const t of [
      'Spots filling quickly',
      'EXCLUSIVE LIMITED OFFER',
      '$99 First Visit',
      '$249 value',
      'Labs included.',
      'EXPIRES SOON',
      '5 spots left',
      '4.9/5 from 2,000+ patients',
      'satisfaction guarantee',
      '12 people booked in the last 24 hours',
      'Reserve My Spot',
      'Great care.',
    ]) {
      expect(page).toContain(t);
    }
    expect(page).not.toContain('Second.');
    expect(page).toContain('Follow up');
    expect(page).not.toContain('Review text');
  });
});

describe('ServicePage style B (server render)', () => {
  const html = render(state('B'));
  const page = text(html);

  it('is the find-a-provider page with symptoms, provider, process and an optional message', () => {
    for (const t of ['Find your Low-T Therapy provider', 'Get Your Energy Back', 'Poor sleep', 'Meet Summit Wellness', 'Find My Provider', 'How It Works']) {
      expect(page).toContain(t);
    }
    expect(html).toContain('<textarea');
  });
});

describe('ServicePage preview', () => {
  it('shows chips (at most 6), testimonials with stars, a bottom bar and the clinic contact', () => {
    const html = render(state('A', { preview: true }));
    const page = text(html);
    expect(page).toContain('$99 First Visit');
    expect(html.match(/class="lp-chip"/g)).toHaveLength(6);
    expect(page).not.toContain('Seventh');
    expect(html).toContain('class="lp-bottom-bar"');
    expect(page).toContain('1450 Larimer Street, Denver');
    expect(page).toContain('Fourth.');
  });

  it('uses placeholder contact details only where the clinic has none', () => {
    const page = text(render(state('A', { preview: true, client: { address: null, phone: null, email: null } })));
    expect(page).toContain('123 Main Street');
    expect(page).toContain('(555) 123-4567');
    expect(page).toContain('info@yourclinic.com');
  });
});

describe('message match: the headline of a page whose ad keyword matched (docs/campaigns.md#message-match)', () => {
  const h1 = (html: string) => text(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '').trim();
  const withKeyword = (style: LandingStyle, keyword?: string): PageState => ({ ...state(style), ...(keyword && { keyword }) });

  it.each(['A', 'B', 'C'] as const)('style %s shows the matched keyword as its headline, capitalised, and its own headline without one', (style) => {
    expect(h1(render(withKeyword(style, 'low-t therapy near me')))).toBe('Low-T Therapy Near Me');
    expect(h1(render(withKeyword(style)))).toBe(style === 'A' ? 'Find the best Low-T Therapy provider near you!' : 'Get Your Energy Back');
  });

  it('style A keeps the template’s headline under the keyword', () => {
    expect(text(render(withKeyword('A', 'testosterone doctor')))).toContain('Get Your Energy Back');
  });
});
