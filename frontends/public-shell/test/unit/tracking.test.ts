import {
  linkerDomainsFor,
  ACCEPTED_LEADS_KEY,
  CONVERTED_LEADS_KEY,
  pageTrackingFor,
  tagsOfPage,
  tagSourcesOf,
  type ClinicTracking,
} from '@hap/contracts';
import { rememberAcceptedLead } from '../../src/tracking/remember-lead';
import { ctaKindOf, neutralLocation, neutralTitle, originOnly, pixelMayRead, takeConversion, TRACKING_EVENTS, withoutPageOnlyParams } from '../../src/tracking/tracking-rules';
import { CONFIG_SCRIPT_ID } from '../../src/state/page-state';
import { embedFrameOrigins, imageOrigins, pageSourceHeaders } from '../../server/page-sources';

const ON: ClinicTracking = {
  googleAdsTagId: 'AW-123456789',
  googleAnalyticsId: 'G-ABC123XYZ',
  facebookPixelId: '1234567890',
  trackingEnabled: true,
  conversionTrackingEnabled: true,
};

/** sessionStorage's two methods over a Map. */
function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

const REF = '0b6f1f7e-4a4c-4c8e-9a53-7f1f0d2f3c11';

describe('which tags a page loads (docs/public-site.md; ARCHITECTURE.md)', () => {
  it('none when the clinic’s tracking is off, or it has no ids, or its settings did not arrive', () => {
    expect(pageTrackingFor({ ...ON, trackingEnabled: false }, 'home')).toBeNull();
    expect(pageTrackingFor({ ...ON, googleAdsTagId: null, googleAnalyticsId: null, facebookPixelId: null }, 'home')).toBeNull();
    expect(pageTrackingFor(null, 'home')).toBeNull();
  });

  it('only the ids that are present and well formed', () => {
    expect(tagsOfPage(pageTrackingFor({ ...ON, googleAdsTagId: null }, 'home'))).toEqual(['google-analytics', 'meta-pixel']);
    expect(tagsOfPage(pageTrackingFor({ ...ON, googleAnalyticsId: 'G-x"><script>' }, 'home'))).toEqual(['google-ads', 'meta-pixel']);
  });

  it('the social pixel, which reads the address bar, only where the address names no service', () => {
    for (const view of ['home', 'client-landing', 'thanks']) expect(pageTrackingFor(ON, view)?.facebookPixelId).toBe('1234567890');
    for (const view of ['service', 'unified', 'not-found', 'unavailable']) {
      expect(tagsOfPage(pageTrackingFor(ON, view))).toEqual(['google-ads', 'google-analytics']);
    }
    expect(pageTrackingFor({ ...ON, googleAdsTagId: null, googleAnalyticsId: null }, 'service')).toBeNull();
  });

  it('carries the conversion switch', () => {
    expect(pageTrackingFor({ ...ON, conversionTrackingEnabled: false }, 'thanks')?.conversion).toBe(false);
  });

  it('names each tag host once per directive, and none for no tags', () => {
    expect(tagSourcesOf([])).toEqual({ script: [], connect: [], img: [], frame: [] });
    const both = tagSourcesOf(['google-ads', 'google-analytics']);
    expect(both.script.filter((h) => h === 'https://www.googletagmanager.com')).toHaveLength(1);
    expect([...both.script, ...both.connect, ...both.img, ...both.frame].every((h) => /^https:\/\/[a-z0-9.*-]+$/.test(h))).toBe(true);
  });
});

describe('what tags are told', () => {
  it('generic event names', () => {
    expect(Object.values(TRACKING_EVENTS)).toEqual(['page_view', 'generate_lead', 'conversion', 'phone_click', 'cta_click', 'service_view']);
  });

  it('a service page as /service, with the ad click ids and no campaign, term or other parameter', () => {
    expect(neutralLocation('https://clinic.example/trt?client=2&gclid=abc&utm_campaign=trt-spring&utm_term=testosterone&style=b&utm_source=google', 'service')).toBe(
      'https://clinic.example/service?client=2&gclid=abc&utm_source=google',
    );
    expect(neutralLocation('https://clinic.example/unified/semaglutide/style-a#faqs', 'unified')).toBe('https://clinic.example/service');
    expect(neutralLocation('https://clinic.example/semaglutide', 'not-found')).toBe('https://clinic.example/not-found');
    expect(neutralLocation('https://clinic.example/home', 'home')).toBe('https://clinic.example/');
    expect(neutralLocation(`https://clinic.example/thanks?client=2&ref=${REF}`, 'thanks')).toBe('https://clinic.example/thanks?client=2');
    // A value that is not a plain token is dropped.
    expect(neutralLocation('https://clinic.example/ed?gclid=a%20b%2Fed', 'service')).toBe('https://clinic.example/service');
  });

  it('a neutral title and only the referrer’s origin', () => {
    expect(neutralTitle('service')).toBe('Service');
    expect(neutralTitle('unified')).toBe('Service');
    expect(originOnly('https://forum.example/threads/low-testosterone?page=2')).toBe('https://forum.example/');
    expect(originOnly('')).toBe('');
    expect(originOnly('android-app://com.example')).toBe('');
  });

  it('lets the pixel read the address only when it carries nothing but kept parameters, and an origin-only referrer', () => {
    expect(pixelMayRead('https://clinic.example/?client=2&gclid=x', '')).toBe(true);
    expect(pixelMayRead(`https://clinic.example/thanks?client=2&ref=${REF}`, 'https://clinic.example/')).toBe(true);
    expect(pixelMayRead('https://clinic.example/?utm_campaign=trt', '')).toBe(false);
    expect(pixelMayRead('https://clinic.example/?client=2', 'https://clinic.example/trt?client=2')).toBe(false);
    expect(pixelMayRead('https://clinic.example/#semaglutide', '')).toBe(false);
    expect(pixelMayRead(`https://clinic.example/?ref=${REF}`, '')).toBe(false);
  });

  it("takes the thank-you page's service out of the address before the pixel reads it (docs/booking.md#pages)", () => {
    const thanks = `https://clinic.example/thanks?client=2&ref=${REF}&service=17`;
    expect(pixelMayRead(thanks, '')).toBe(false);
    const cleaned = withoutPageOnlyParams(thanks);
    expect(cleaned).toBe(`/thanks?client=2&ref=${REF}`);
    expect(pixelMayRead(`https://clinic.example${cleaned}`, '')).toBe(true);
    expect(withoutPageOnlyParams(`https://clinic.example/thanks?client=2&ref=${REF}`)).toBeNull();
    expect(neutralLocation(thanks, 'thanks')).toBe('https://clinic.example/thanks?client=2');
  });

  it('a call to action by where it leads, never its words', () => {
    const page = 'https://clinic.example/trt?client=2';
    expect(ctaKindOf('#contact', page)).toBe('section');
    expect(ctaKindOf(null, page)).toBe('section');
    expect(ctaKindOf('/trt?client=2#faqs', page)).toBe('section');
    expect(ctaKindOf('/?client=2', page)).toBe('page');
    expect(ctaKindOf('https://book.example/apex', page)).toBe('booking');
    expect(ctaKindOf('mailto:front@clinic.example', page)).toBe('email');
  });
});

describe('the Lead conversion fires once, for a lead the server accepted in this tab', () => {
  it('fires for an accepted reference, once', () => {
    const store = memoryStore();
    rememberAcceptedLead(REF, '', store);
    expect(JSON.parse(store.map.get(ACCEPTED_LEADS_KEY)!)).toEqual([REF]);
    expect(takeConversion(store, `?client=2&ref=${REF}`)).toBe(true);
    expect(takeConversion(store, `?client=2&ref=${REF}`)).toBe(false);
    expect(JSON.parse(store.map.get(CONVERTED_LEADS_KEY)!)).toEqual([REF]);
    // Accepted again (a second tab's history, a retry answered with the same receipt): still once.
    rememberAcceptedLead(REF, '', store);
    expect(takeConversion(store, `?ref=${REF}`)).toBe(false);
  });

  it('not for a honeypot submission, a reference typed in, no reference, or no storage', () => {
    const store = memoryStore();
    rememberAcceptedLead(REF, 'https://spam.example', store);
    expect(takeConversion(store, `?ref=${REF}`)).toBe(false);
    rememberAcceptedLead(null, '', store);
    expect(takeConversion(store, '?client=2')).toBe(false);
    expect(takeConversion(null, `?ref=${REF}`)).toBe(false);
    store.setItem(ACCEPTED_LEADS_KEY, 'not json');
    expect(takeConversion(store, `?ref=${REF}`)).toBe(false);
  });

  it('keeps at most ten references', () => {
    const store = memoryStore();
    for (let i = 0; i < 12; i++) rememberAcceptedLead(`ref-${i}`, '', store);
    expect(JSON.parse(store.map.get(ACCEPTED_LEADS_KEY)!)).toHaveLength(10);
  });
});

describe('what a page tells the gateway it loads from outside', () => {
  it('the tags, and the https origins of an embed’s frames and of images', () => {
    expect(pageSourceHeaders(null, [], [])).toEqual({ 'x-hap-page-tags': '' });
    expect(pageSourceHeaders(pageTrackingFor(ON, 'service'), ['https://forms.example'], ['https://cdn.example'])).toEqual({
      'x-hap-page-tags': 'google-ads google-analytics',
      'x-hap-page-frames': 'https://forms.example',
      'x-hap-page-images': 'https://cdn.example',
    });
  });

  it('frames: only https iframe sources of the embed code', () => {
    const code = `<iframe src="https://api.leadconnectorhq.com/widget/form/abc" style="border:none"></iframe>
      <script src="https://link.msgsndr.com/js/form_embed.js"></script><iframe src='http://plain.example/x'></iframe><iframe src=https://Forms.Example:8443/f>`;
    expect(embedFrameOrigins(code)).toEqual(['https://api.leadconnectorhq.com', 'https://forms.example:8443']);
    expect(embedFrameOrigins(null)).toEqual([]);
  });

  it('images: img and source src/srcset, image preloads and url() in styles; not links', () => {
    const html = `<link rel="preload" as="image" href="https://hero.example/a.webp"><img src="/uploads/a.png" srcset="https://cdn.example/a-320w.webp 320w, https://cdn2.example/b.webp 640w">
      <div style="background-image:url(&quot;https://bg.example/x.jpg&quot;)"></div><a href="https://www.clinic-site.example">Visit</a>`;
    expect(imageOrigins(html).sort()).toEqual(['https://bg.example', 'https://cdn.example', 'https://cdn2.example', 'https://hero.example']);
    expect(imageOrigins('<img src="/uploads/x.png" alt="">')).toEqual([]);
  });

  it('the tracking script reads the page’s runtime config by its id', () => {
    expect(CONFIG_SCRIPT_ID).toBe('__HAP_CONFIG__');
  });
});

describe('the cross-domain linker’s allow list (docs/public-site.md)', () => {
  it.each([
    ['harborhealth.com', 'https://book.janeapp.com/harbor', ['harborhealth.com', 'book.janeapp.com']],
    ['www.harborhealth.com:443', null, ['www.harborhealth.com']],
    ['HarborHealth.com', 'https://harborhealth.com/book', ['harborhealth.com']],
    ['127.0.0.1:8080', 'https://calendly.com/harbor', ['calendly.com']],
    ['localhost:8080', 'not a url', []],
    ['10.0.0.5', 'javascript:alert(1)', []],
  ])('%s with booking %s → %p', (host, booking, domains) => expect(linkerDomainsFor(host, booking)).toEqual(domains));
});

describe('the gtag queue (src/tracking/tags.ts)', () => {
  const globals = globalThis as unknown as { window?: unknown; document?: unknown };
  afterEach(() => {
    delete globals.window;
    delete globals.document;
  });

  it('pushes Arguments objects, not arrays: gtag.js takes only those for commands', async () => {
    const added: { src?: string }[] = [];
    globals.window = {};
    globals.document = { createElement: () => ({}), head: { appendChild: (el: { src?: string }) => void added.push(el) } };
    const { loadGtag } = await import('../../src/tracking/tags');
    loadGtag('G-ABC123XYZ')(['event', TRACKING_EVENTS.pageView]);
    const dataLayer = (globals.window as { dataLayer: unknown[] }).dataLayer;
    expect(dataLayer).toHaveLength(1);
    expect(Object.prototype.toString.call(dataLayer[0])).toBe('[object Arguments]');
    expect(Array.from(dataLayer[0] as ArrayLike<unknown>)).toEqual(['event', 'page_view']);
    expect(added.map((el) => el.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ']);
  });
});
