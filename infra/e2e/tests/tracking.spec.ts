import { expect, request as playwrightRequest, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/**
 * Tracking on public pages (docs/public-site.md#states-and-fallbacks, docs/public-site.md#fixed-figures; docs/tracking-privacy.md), in Chromium
 * through the whole stack. There is no internet here: every request to
 * another host is intercepted and recorded. gtag.js and fbevents.js are fakes
 * that behave like the real ones where it matters: they drain the page's
 * command queues and report every event with image and fetch hits to the
 * vendors' hosts, reading the address bar, document.title and
 * document.referrer themselves unless the page told them other values
 * (`gtag('set', { page_location, page_title, page_referrer })`). So a service
 * slug reaches a recorded request unless the page's own code kept it out.
 *
 * The test gives client 2 tag ids through the admin API and restores its
 * settings afterwards.
 */
const port = Number(process.env.E2E_GATEWAY_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
const SELF = new URL(baseURL).origin;
const CLIENT = 2;
const IDS = { googleAdsTagId: 'AW-987654321', googleAnalyticsId: 'G-E2EABC123', facebookPixelId: '5550001112223' };

/** The fake gtag.js: a `set` overrides what it would read from the document, as the real one does. */
const FAKE_GTAG = `(function () {
  var dl = (window.dataLayer = window.dataLayer || []);
  var set = {}, targets = [];
  var enc = encodeURIComponent;
  function send(en, params, to) {
    var loc = set.page_location || location.href;
    var ref = set.page_referrer !== undefined ? set.page_referrer : document.referrer;
    var title = set.page_title || document.title;
    to.forEach(function (id) {
      var q = '&dl=' + enc(loc) + '&dr=' + enc(ref) + '&dt=' + enc(title) + '&en=' + enc(en);
      // As the real tag: no personalised-advertising signals when the page says so.
      if (set.allow_ad_personalization_signals === false) q += '&npa=1';
      Object.keys(params).forEach(function (k) { q += (typeof params[k] === 'number' ? '&epn.' : '&ep.') + k + '=' + enc(params[k]); });
      if (id.indexOf('G-') === 0) {
        fetch('https://region1.google-analytics.com/g/collect?v=2&tid=' + enc(id) + q, { method: 'POST', mode: 'no-cors', keepalive: true, body: 'en=' + enc(en) + q });
      } else if (id.indexOf('AW-') === 0) {
        new Image().src = 'https://www.googleadservices.com/pagead/conversion/' + id.slice(3) + '/?url=' + enc(loc) + '&ref=' + enc(ref) + '&tiba=' + enc(title) + q;
      }
    });
  }
  function run(args) {
    var a = Array.prototype.slice.call(args);
    if (a[0] === 'set') Object.assign(set, a[1]);
    else if (a[0] === 'config') { targets.push(a[1]); if (!(a[2] && a[2].send_page_view === false)) send('page_view', {}, [a[1]]); }
    else if (a[0] === 'event') {
      var p = Object.assign({}, a[2] || {});
      var to = p.send_to ? [].concat(p.send_to) : targets;
      delete p.send_to;
      send(a[1], p, to);
    }
  }
  dl.forEach(run);
  dl.push = function (x) { Array.prototype.push.call(dl, x); run(x); return dl.length; };
})();`;

/** The fake fbevents.js: reports the address bar and document.referrer as they are, as the real one does. */
const FAKE_FBEVENTS = `(function () {
  var fbq = window.fbq, ids = [], enc = encodeURIComponent;
  function hit(ev, cd) {
    var u = 'https://www.facebook.com/tr/?id=' + ids.join(',') + '&ev=' + enc(ev) + '&dl=' + enc(location.href) + '&rl=' + enc(document.referrer) + '&ts=' + Date.now();
    Object.keys(cd || {}).forEach(function (k) { u += '&cd[' + k + ']=' + enc(cd[k]); });
    new Image().src = u;
  }
  fbq.callMethod = function () {
    var a = Array.prototype.slice.call(arguments);
    if (a[0] === 'init') ids.push(a[1]);
    else if (a[0] === 'track' || a[0] === 'trackCustom') hit(a[1], a[2]);
  };
  fbq.queue.splice(0).forEach(function (a) { fbq.callMethod.apply(null, a); });
})();`;

/** One request that left for another host, as the browser sent it. */
interface Outbound {
  at: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  page: string;
}

/** Intercepts every request to another host: the fake tags for their scripts, an empty answer for the rest; records them all. */
async function recordOutbound(context: BrowserContext): Promise<Outbound[]> {
  const sent: Outbound[] = [];
  await context.route(
    (url) => url.origin !== SELF,
    async (route) => {
      const req = route.request();
      sent.push({
        at: Date.now(),
        method: req.method(),
        url: req.url(),
        headers: await req.allHeaders(),
        body: req.postData() ?? '',
        page: req.frame().url(),
      });
      const url = new URL(req.url());
      if (url.host === 'www.googletagmanager.com' && url.pathname === '/gtag/js') {
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GTAG });
      }
      if (url.host === 'connect.facebook.net' && url.pathname.endsWith('/fbevents.js')) {
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_FBEVENTS });
      }
      return route.fulfill({ status: 204, body: '' });
    },
  );
  return sent;
}

/** CSP violations the page reports in its console. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|connect|frame|execute)/i.test(msg.text())) found.push(msg.text());
  });
  return found;
}

/** Everything a request carried, decoded, in one text to search. */
function textOf(r: Outbound): string {
  const all = [r.url, r.body, ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`)].join('\n');
  let decoded = all;
  try {
    decoded = decodeURIComponent(all.replace(/\+/g, ' '));
  } catch {
    // Keep the raw text.
  }
  return `${all}\n${decoded}`;
}

const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}v=${Date.now().toString(36)}`;

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

const TAG_HOST = /googletagmanager|google-analytics|analytics\.google|googleadservices|doubleclick|www\.google\.com|facebook/;

const hitsOf = (sent: Outbound[], event: RegExp) => sent.filter((r) => r.method !== 'GET' || !/\/gtag\/js|fbevents\.js/.test(r.url)).filter((r) => event.test(r.url));

let admin: APIRequestContext;
let original: Record<string, unknown>;

async function setTracking(values: Record<string, unknown>) {
  const res = await admin.patch(`/api/clients/${CLIENT}`, { data: values });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/admin/login', {
    data: { email: process.env.E2E_ADMIN_EMAIL ?? 'admin@healthads.local', password: process.env.E2E_ADMIN_PASSWORD ?? '' },
  });
  expect(login.status()).toBe(200);
  const client = ((await (await admin.get(`/api/clients/${CLIENT}`)).json()) as { data: Record<string, unknown> }).data;
  original = {
    googleAdsTagId: client.googleAdsTagId,
    googleAnalyticsId: client.googleAnalyticsId,
    facebookPixelId: client.facebookPixelId,
    trackingEnabled: client.trackingEnabled,
    conversionTrackingEnabled: client.conversionTrackingEnabled,
  };
  await setTracking({ ...IDS, trackingEnabled: true, conversionTrackingEnabled: true });
});

test.afterAll(async () => {
  await setTracking(original);
  await admin.dispose();
});

test.describe('tracking tags and health privacy', () => {
  test('tags load once after load, report generic events, and no request to a tag host carries the service or a form value', async ({ page, context }) => {
    test.setTimeout(60_000);
    const sent = await recordOutbound(context);
    const violations = cspViolations(page);
    const content = ((await (await page.request.get(`/api/unified-client-content/trt?client=${CLIENT}`)).json()) as {
      data: { service: { name: string; path: string }; template: { headline: string; name?: string } };
    }).data;
    const run = Date.now().toString(36);
    const visitor = { name: 'Zelda Quarternion', email: `zelda.q.${run}@example.com`, phone: '(303) 555-0199', message: `Private note ${run}` };

    const landing = await page.goto(fresh(`/trt?client=${CLIENT}&utm_source=google&utm_medium=cpc&utm_campaign=trt-spring&utm_term=testosterone+therapy&gclid=e2e-click`));
    // The landing page's policy names the Google tags' hosts, not the pixel's (it does not load on a service page).
    const landingCsp = (await landing!.allHeaders())['content-security-policy']!;
    expect(directive(landingCsp, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(landingCsp).not.toContain('facebook');
    expect(landingCsp).not.toMatch(/https:(?!\/\/)/);
    expect(await landing!.headerValues('content-security-policy')).toHaveLength(1);

    // page_view once, to each Google tag, after the page loaded; gtag.js fetched once; no pixel here.
    await expect.poll(() => hitsOf(sent, /en=page_view/).length, { timeout: 10_000 }).toBe(2);
    expect(sent.filter((r) => r.url.includes('/gtag/js'))).toHaveLength(1);
    // Not before the page had loaded (same machine, same clock).
    const loadedAt = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance.timeOrigin + nav!.loadEventEnd;
    });
    expect(sent.find((r) => r.url.includes('/gtag/js'))!.at).toBeGreaterThanOrEqual(loadedAt - 50);
    expect(sent.filter((r) => /facebook/.test(r.url))).toHaveLength(0);
    const pageView = hitsOf(sent, /en=page_view/)[0]!;
    // The address it reports: the service's path replaced, the campaign, the term and the page's own parameters left out.
    const reported = new URL(new URL(pageView.url).searchParams.get('dl')!);
    expect(`${reported.origin}${reported.pathname}`).toBe(`${SELF}/service`);
    expect([...reported.searchParams.keys()].sort()).toEqual(['client', 'gclid', 'utm_medium', 'utm_source']);
    expect(new URL(pageView.url).searchParams.get('dt')).toBe('Service');
    // The service view (250 USD), which service never said.
    await expect.poll(() => hitsOf(sent, /en=service_view/).length).toBe(2);
    expect(hitsOf(sent, /en=service_view/).every((r) => /value=250(&|$)/.test(r.url))).toBe(true);
    // Health pages build no personalised-advertising (remarketing) lists: every Google hit says npa=1
    // (docs/campaigns.md#healthcare-policy-check, docs/tracking-privacy.md).
    expect(hitsOf(sent, /en=(page_view|service_view)/).every((r) => /[?&]npa=1(&|$)/.test(r.url))).toBe(true);

    // A phone click and a call to action: generic events. (The tel: navigation itself is held back here.)
    await page.evaluate(() => addEventListener('click', (e) => e.target instanceof Element && e.target.closest('a[href^="tel:"]') && e.preventDefault(), true));
    await page.locator('a[href^="tel:"]:visible').first().click();
    await expect.poll(() => hitsOf(sent, /en=phone_click/).length).toBe(2);
    await page.getByRole('link', { name: /Get Matched Now/ }).first().click();
    await expect.poll(() => hitsOf(sent, /en=cta_click/).length).toBe(2);
    expect(hitsOf(sent, /en=cta_click/)[0]!.url).toContain('cta_kind=section');

    // The visitor sends the form with values of their own.
    const form = page.locator('#contact form');
    await form.getByLabel(/Full Name/).fill(visitor.name);
    await form.getByLabel(/Email Address/).fill(visitor.email);
    await form.getByLabel(/Phone Number/).fill(visitor.phone);
    if (await form.getByLabel(/Message/).count()) await form.getByLabel(/Message/).fill(visitor.message);
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await page.waitForURL(/\/thanks\?/);
    const ref = new URL(page.url()).searchParams.get('ref')!;
    expect(ref).toMatch(/^[0-9a-f-]{36}$/);

    // The thank-you page's address names no service: the pixel loads there, and its policy names its hosts.
    const thanksCsp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(directive(thanksCsp!, 'script-src')).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://connect.facebook.net']));
    await expect.poll(() => hitsOf(sent, /facebook\.com\/tr\/.*ev=PageView/).length, { timeout: 10_000 }).toBe(1);
    // The thank-you page's tracking started when it asked for gtag.js.
    const started = sent.find((r) => r.url.includes('/gtag/js') && r.page.includes('/thanks'))!;
    expect(started).toBeDefined();

    // The Lead conversion: 25 USD, to all three tags, 2 s after the page's tracking started.
    await expect.poll(() => hitsOf(sent, /en=generate_lead|en=conversion|ev=Lead/).length, { timeout: 10_000 }).toBe(3);
    const leads = hitsOf(sent, /en=generate_lead|en=conversion|ev=Lead/);
    for (const hit of leads) {
      // Seen by this test's route, gtag.js's request lags the page's timer by the interception (123 ms once on
      // a loaded machine): the bound says 'about 2 s later, not at once', not the timer's exact figure.
      expect(hit.at - started.at).toBeGreaterThanOrEqual(1500);
      expect(hit.url).toMatch(/value\]?=25(&|$)/);
      expect(hit.url).toMatch(/currency(_code)?\]?=USD/);
    }
    expect(leads.map((h) => h.url.match(/en=(\w+)|ev=(\w+)/)?.slice(1).find(Boolean)).sort()).toEqual(['Lead', 'conversion', 'generate_lead']);

    // A reload of the thank-you page does not fire it again.
    await page.reload();
    await expect.poll(() => hitsOf(sent, /ev=PageView/).length, { timeout: 10_000 }).toBe(2);
    await page.waitForTimeout(3000);
    expect(hitsOf(sent, /en=generate_lead|en=conversion|ev=Lead/)).toHaveLength(3);

    // Nothing that left for another host names the service or carries what the visitor typed.
    const tagRequests = sent.filter((r) => TAG_HOST.test(new URL(r.url).host));
    expect(tagRequests.length).toBe(sent.length);
    const secrets = [
      'trt',
      'testosterone',
      content.service.name,
      content.template.headline,
      ...(content.template.name ? [content.template.name] : []),
      visitor.name,
      visitor.email,
      visitor.phone,
      visitor.phone.replace(/\D/g, ''),
      visitor.message,
    ].filter(Boolean);
    for (const r of tagRequests) {
      const text = textOf(r).toLowerCase();
      for (const secret of secrets) expect(text, `${r.url} carries "${secret}"`).not.toContain(secret.toLowerCase());
      // Referer: our origin at most.
      if (r.headers.referer) expect(r.headers.referer).toBe(`${SELF}/`);
    }
    expect(violations).toEqual([]);
  });

  test('a clinic with tracking off: no tag host in the policy and no request to one', async ({ page, context }) => {
    const sent = await recordOutbound(context);
    const violations = cspViolations(page);
    await setTracking({ trackingEnabled: false });
    try {
      for (const path of [`/trt?client=${CLIENT}`, `/?client=${CLIENT}`, `/thanks?client=${CLIENT}`]) {
        const res = await page.goto(fresh(path));
        const csp = (await res!.allHeaders())['content-security-policy']!;
        expect(csp, path).not.toMatch(TAG_HOST);
        expect(csp, path).not.toMatch(/https:(?!\/\/)/);
        expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
        expect(await page.locator('script[src*="/assets/tracking-"]').count()).toBe(0);
      }
      await page.locator('a[href^="tel:"]').first().dispatchEvent('pointerdown');
      await page.waitForTimeout(2500);
      expect(sent).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await setTracking({ trackingEnabled: true });
    }
  });

  test('no Lead conversion for a honeypot submission nor for a thank-you address typed in', async ({ page, context }) => {
    test.setTimeout(45_000);
    const sent = await recordOutbound(context);
    const leadEvents = /en=generate_lead|en=conversion|ev=Lead/;

    // Typed in (or shared): a reference this tab never had accepted.
    // (No cache-busting parameter: /thanks is never stored, and the pixel stays away from unknown parameters.)
    await page.goto(`/thanks?client=${CLIENT}&ref=0b0b0b0b-1111-4222-8333-444455556666`);
    await expect.poll(() => hitsOf(sent, /ev=PageView/).length, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(3000);
    expect(hitsOf(sent, leadEvents)).toHaveLength(0);

    // A bot fills the trap: the server answers it like a person, the page does not count it.
    await page.goto(fresh(`/trt?client=${CLIENT}`));
    const form = page.locator('#contact form');
    await form.getByLabel(/Full Name/).fill('Robot Sender');
    await form.getByLabel(/Email Address/).fill('robot@example.com');
    await form.getByLabel(/Phone Number/).fill('(303) 555-0111');
    await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = 'https://spam.example';
    });
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await page.waitForURL(/\/thanks\?/);
    await expect.poll(() => hitsOf(sent, /ev=PageView/).length, { timeout: 10_000 }).toBe(2);
    await page.waitForTimeout(3000);
    expect(hitsOf(sent, leadEvents)).toHaveLength(0);
  });
});
