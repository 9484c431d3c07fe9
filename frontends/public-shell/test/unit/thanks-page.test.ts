import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { render as renderPage } from '../../src/entry-server';
import { PageStateProvider } from '../../src/state/page-context';
import type { PageState } from '../../src/state/page-state';
import { ThanksPage } from '../../src/thanks/ThanksPage';
import { bookingHref, NEXT_STEPS, THANKS_FALLBACK_TEXT, thanksContentOf } from '../../src/thanks/thanks-content';
import { pageState, summitClient } from '../helpers/page-state';

const REFERENCE = '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11';

function state(client: Partial<PageState['client']> = {}, extra: Partial<PageState> = {}): PageState {
  return pageState({ route: { kind: 'thanks', reference: REFERENCE }, client: summitClient(client), servicesLoaded: false, ...extra });
}

const render = (s: PageState) => renderToString(createElement(PageStateProvider, { state: s, children: createElement(ThanksPage) }));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/<!-- -->/g, '').replace(/\s+/g, ' ');

describe('thank-you page (docs/public-site.md)', () => {
  it("offers the clinic's booking link first", () => {
    const html = render(state({ bookingLink: 'https://booking.example.com/summit' }));
    expect(text(html)).toContain('Reserve Your Appointment');
    expect(html).toMatch(/<a href="https:\/\/booking\.example\.com\/summit" target="_blank" rel="noopener noreferrer"[^>]*>.*Schedule Appointment<\/a>/);
    expect(text(html)).not.toContain('What Happens Next');
  });

  it('says what happens next without a booking link', () => {
    const page = text(render(state()));
    expect(page).toContain('Thank You for Contacting Us!');
    expect(page).toContain('What Happens Next');
    for (const step of NEXT_STEPS) expect(page).toContain(step.title);
    expect(page).not.toContain('Schedule Appointment');
  });

  it('is a generic thank-you when the clinic is not known', () => {
    const page = text(render(state({}, { clientSource: 'fallback' })));
    expect(page).toContain('Thank You');
    expect(page).toContain(THANKS_FALLBACK_TEXT);
    expect(page).not.toContain('What Happens Next');
  });

  it("always shows the clinic's phone, the way home and the reference", () => {
    const html = render(state());
    expect(html).toContain('href="tel:3035550142"');
    expect(html).toContain('href="/?client=1"');
    expect(text(html)).toContain(`Your request reference: ${REFERENCE}`);
    expect(render(state({}, { route: { kind: 'thanks' } }))).not.toContain('reference');
  });

  it('opens only http(s) booking links', () => {
    expect(bookingHref('javascript:alert(1)')).toBeNull();
    expect(bookingHref(' ')).toBeNull();
    expect(bookingHref('not a url')).toBeNull();
    expect(thanksContentOf(state({ bookingLink: 'javascript:alert(1)' })).kind).toBe('next-steps');
  });

  it('is rendered noindex with status 200 and hydrates at the first interaction', () => {
    const page = renderPage(`/thanks?client=1&ref=${REFERENCE}`, state());
    expect(page.status).toBe(200);
    expect(page.page).toBe('thanks');
    expect(page.head).toContain('<meta name="robots" content="noindex" />');
    expect(page.head).toContain('<title>Thank You | Summit Wellness</title>');
    expect(page.hydration).toBe('interaction');
  });
});
