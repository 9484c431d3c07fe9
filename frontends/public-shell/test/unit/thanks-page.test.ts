import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { render as renderPage } from '../../src/entry-server';
import { PageStateProvider } from '../../src/state/page-context';
import type { PageState } from '../../src/state/page-state';
import { ThanksPage } from '../../src/thanks/ThanksPage';
import { bookingHref, NEXT_STEPS, THANKS_FALLBACK_TEXT, thanksContentOf } from '../../src/thanks/thanks-content';
import { pageState, summitClient } from '../helpers/page-state';
import type { BookingState } from '../../src/state/page-state';
import { providePicker } from '../../src/booking/picker-slot';
import { SlotPicker } from '../../src/booking/SlotPicker';

// As the server's bundle does (pages/server-pages.ts).
providePicker(SlotPicker);

const PICKER: BookingState = {
  picker: {
    clientId: 1,
    serviceId: 17,
    timeZone: 'America/New_York',
    slots: [
      { start: '2026-03-06T14:00:00.000Z', local: '2026-03-06T09:00:00.000-05:00' },
      { start: '2026-03-09T17:00:00.000Z', local: '2026-03-09T13:00:00.000-04:00' },
    ],
    idempotencyKey: 'b1c2d3e4-0000-4000-8000-000000000001',
    leadToken: null,
  },
  closed: null,
  appointment: null,
  problem: null,
};

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

  it("with the clinic's online booking: 'Reserve Your Appointment', 'Schedule Appointment' to the picker on the page, each time a form that posts without script", () => {
    const html = render(state({}, { booking: PICKER }));
    expect(text(html)).toContain('Reserve Your Appointment');
    expect(html).toMatch(/<a href="#schedule"[^>]*>.*Schedule Appointment<\/a>/);
    expect(html).toContain('id="schedule"');
    expect(text(html)).toContain('Fri, Mar 6');
    expect(text(html)).toContain('Mon, Mar 9');
    expect(text(html)).not.toContain('What Happens Next');
    const forms = html.match(/<form[^>]*>.*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(2);
    for (const form of forms) expect(form).toMatch(/^<form(?=[^>]*action="\/api\/bookings\/form")(?=[^>]*method="post")/);
    expect(forms[1]).toContain('name="start" value="2026-03-09T17:00:00.000Z"');
    expect(forms[1]).toContain('name="idempotencyKey" value="b1c2d3e4-0000-4000-8000-000000000001"');
    expect(forms[1]).toContain('name="clientId" value="1"');
    expect(forms[1]).toContain('name="serviceId" value="17"');
    expect(forms[1]).toMatch(/<button type="submit"[^>]*>1:00 PM<\/button>/);
    // A clinic's own booking link still wins.
    expect(thanksContentOf(state({ bookingLink: 'https://booking.example.com/summit' }, { booking: PICKER })).kind).toBe('booking');
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
