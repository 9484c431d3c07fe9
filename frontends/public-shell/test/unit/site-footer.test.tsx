import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { SiteFooter } from '../../src/components/SiteFooter';
import { HomeVariantA } from '../../src/home/HomePage';
import { LandingFooter } from '../../src/landing/LandingFooter';
import { PageStateProvider } from '../../src/state/page-context';
import type { PageState } from '../../src/state/page-state';
import { pageState, summitClient } from '../helpers/page-state';

function state(client: Partial<PageState['client']> = {}): PageState {
  return pageState({ client: summitClient(client) });
}

const render = (element: ReactElement, s: PageState = state()) => renderToString(createElement(PageStateProvider, { state: s, children: element }));
const footerOf = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>') + '</footer>'.length);
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const QUICK_LINKS = [
  { href: '#about', label: 'About' },
  { href: '#faqs', label: 'Questions' },
];

/** One footer for every public page (components/SiteFooter.tsx), in the form each page asks for. */
describe('SiteFooter', () => {
  it("is the home pages' #contact: brand, Contact Us with the clinic's details, no quick links", () => {
    const footer = footerOf(render(createElement(HomeVariantA)));
    expect(footer).toMatch(/^<footer id="contact" class="footer">/);
    const words = text(footer);
    expect(words).toContain('Connect with a trusted wellness specialist near you!');
    expect(words).toContain('Contact Us');
    expect(words).toContain('1450 Larimer Street, Denver');
    expect(footer).toContain('href="tel:3035550142"');
    expect(footer).toContain('href="mailto:hello@example.com"');
    expect(words).not.toContain('Quick Links');
    expect(words).toContain('© 2026 Summit Wellness Privacy Policy');
    expect(words).not.toContain('All rights reserved');
  });

  it('says when the clinic has published no contact details', () => {
    const footer = footerOf(render(createElement(SiteFooter, { contactUs: true }), state({ address: null, phone: null, email: null })));
    expect(text(footer)).toContain('Contact Us Our contact details will be published here shortly.');
  });

  it("is a service page's with the phone and 'Get Started Now' under the brand, quick links and no Contact Us", () => {
    const footer = footerOf(render(createElement(LandingFooter, { quickLinks: QUICK_LINKS })));
    expect(footer).toMatch(/^<footer class="footer lp-footer">/);
    const brand = footer.slice(footer.indexOf('footer__brand'), footer.indexOf('<nav'));
    expect(brand).toContain('class="lp-footer__phone" href="tel:3035550142"');
    expect(brand).toContain('href="#contact"');
    expect(text(brand)).toContain('Get Started Now');
    expect(footer).toContain('<nav aria-labelledby="footer-quick-links"><h2 id="footer-quick-links" class="footer__heading">Quick Links</h2>');
    expect(footer).toContain('<a href="#about">About</a>');
    expect(footer).toContain('<a href="#faqs">Questions</a>');
    expect(text(footer)).not.toContain('Contact Us');
    expect(text(footer)).toContain('© 2026 Summit Wellness. All rights reserved.');
  });

  it('has both Contact Us and the quick links where a page asks for both (the unified page), and no quick links when there are none', () => {
    const both = text(footerOf(render(createElement(SiteFooter, { className: 'u-footer', contactUs: true, quickLinks: QUICK_LINKS }))));
    expect(both.indexOf('Contact Us')).toBeGreaterThan(-1);
    expect(both.indexOf('Quick Links')).toBeGreaterThan(both.indexOf('Contact Us'));
    expect(text(footerOf(render(createElement(SiteFooter, { className: 'u-footer', contactUs: true, quickLinks: [] }))))).not.toContain('Quick Links');
  });

  it('carries the disclaimer and the legal buttons, and leaves the legal dialog out of the page until it is asked for', () => {
    const footer = footerOf(render(createElement(SiteFooter, { contactUs: true })));
    expect(text(footer)).toContain(
      '*Results may vary from person to person. The information on this website is for general purposes only and is not a substitute for professional medical advice. Please consult a licensed provider before starting any treatment.',
    );
    expect(footer).toContain('<button type="button" class="link-button">Privacy Policy</button>');
    expect(footer).toContain('<button type="button" class="link-button">Terms of Service</button>');
    expect(footer).not.toContain('<dialog');
  });
});
