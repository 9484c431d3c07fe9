import { expect, test, type Browser, type Page } from '@playwright/test';
import { HELD_SUBMIT_FALLBACK_MS, LEAD_FORM_PATH } from '@hap/contracts';
import { logInAsAdmin } from '../support/admin';

/**
 * A lead form whose page has no working script still reaches the clinic
 * (contracts LEAD_FORM_PATH, page-boot.ts): with script switched off the
 * browser posts the form itself; with the page's script failing to load the
 * loader lets the browser post the held form. Either way the visitor lands
 * on the clinic's thank-you page and the lead is stored, through the gateway.
 */
const REFERENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each visit gets its own URL: public pages may be kept 30 s by the browser. */
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}v=${Date.now().toString(36)}`;

const uniqueEmail = (what: string) => `${what}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function fillLead(page: Page, email: string) {
  const form = page.locator('#contact form');
  await form.getByLabel(/Full Name/).fill('Nora Script');
  await form.getByLabel(/Email Address/).fill(email);
  await form.getByLabel(/Phone Number/).fill('(303) 555-0188');
  return form;
}

/** The stored lead with this e-mail, as the admin sees it (another browser context, with script). */
async function storedLead(browser: Browser, email: string) {
  // With script: a context made here takes the test's options, script switched off included.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const admin = await context.newPage();
    await logInAsAdmin(admin);
    const list = await admin.request.get(`/api/leads?clientId=1&q=${encodeURIComponent(email)}`);
    expect(list.status()).toBe(200);
    // The search also matches phone digits (digits of the address can match a phone): the address decides.
    const items = ((await list.json()) as { data: { items: Array<{ id: number; email: string }> } }).data.items.filter((item) => item.email === email);
    expect(items).toHaveLength(1);
    const detail = await admin.request.get(`/api/leads/${items[0].id}`);
    return ((await detail.json()) as { data: { reference: string; name: string; phone: string; attribution: Record<string, unknown> } }).data;
  } finally {
    await context.close();
  }
}

async function expectThanks(page: Page): Promise<string> {
  await page.waitForURL(/\/thanks\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('client')).toBe('1');
  const reference = url.searchParams.get('ref')!;
  expect(reference).toMatch(REFERENCE);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  return reference;
}

test.describe('a lead form without its script', () => {
  test.describe('script switched off', () => {
    test.use({ javaScriptEnabled: false });

    test('the browser posts the form itself and the visitor lands on the thank-you page; a wrong form says what to fix', async ({ page, browser }) => {
      const landing = fresh('/trt?client=1&utm_source=google&gclid=e2e-noscript');
      await page.goto(landing);
      const form = page.locator('#contact form');
      // Nothing filled: the service answers a page in the form's own words, with the way back to it.
      await form.getByRole('button', { name: 'Find My Match' }).click();
      await expect(page.getByRole('heading', { name: 'Please check the form' })).toBeVisible();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await page.getByRole('link', { name: 'Go back to the form' }).click();
      // The page's own address: campaign parameters are not in a page's HTML (the same page for every visitor, kept by the shell).
      expect(page.url()).toBe(new URL('/trt?client=1#contact', page.url()).href);

      const email = uniqueEmail('noscript');
      await (await fillLead(page, email)).getByRole('button', { name: 'Find My Match' }).click();
      const reference = await expectThanks(page);

      const lead = await storedLead(browser, email);
      expect(lead).toMatchObject({ reference, name: 'Nora Script', phone: '(303) 555-0188' });
      // The page wrote its own address into the form; with no script to read the address bar, the ad's campaign is not known.
      expect(lead.attribution).toMatchObject({ styleVariant: 'a', landingPath: '/trt' });
      expect(lead.attribution.gclid ?? null).toBeNull();
      expect(lead.attribution.utmSource ?? null).toBeNull();
    });
  });

  test("the page's script fails to load: the held form is posted by the browser, with the ad's campaign", async ({ page, browser }) => {
    // The entry and its chunks never arrive (a dropped connection, a blocked script).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(fresh('/trt?client=1&utm_source=google&utm_campaign=trt-fallback&gclid=e2e-fallback'), { waitUntil: 'load' });
    const email = uniqueEmail('fallback');
    const form = await fillLead(page, email);
    await form.getByRole('button', { name: 'Find My Match' }).click();
    const reference = await expectThanks(page);

    const lead = await storedLead(browser, email);
    expect(lead.reference).toBe(reference);
    expect(lead.attribution).toMatchObject({ styleVariant: 'a', utmSource: 'google', utmCampaign: 'trt-fallback', gclid: 'e2e-fallback', landingPath: '/trt' });
  });

  test('a script that never arrives: the browser posts the held form after 8 s', async ({ page, browser }) => {
    // The entry's request hangs (a stalled connection): no error event will ever come.
    await page.route(/\/assets\/.*\.js$/, () => {});
    await page.goto(fresh('/trt?client=1'), { waitUntil: 'load' });
    const email = uniqueEmail('stalled');
    const form = await fillLead(page, email);
    const pressed = Date.now();
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await expectThanks(page);
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(HELD_SUBMIT_FALLBACK_MS);
    expect((await storedLead(browser, email)).attribution).toMatchObject({ landingPath: '/trt', styleVariant: 'a' });
  });

  test('the unified page too: its form reaches the clinic with script switched off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(fresh('/unified/trt?client=1'));
      const form = page.locator('form[aria-label="Appointment request"]');
      await expect(form).toHaveAttribute('action', LEAD_FORM_PATH);
      const email = uniqueEmail('unified');
      await form.getByLabel(/Full Name/).fill('Uma Fied');
      await form.getByLabel(/Email Address/).fill(email);
      await form.getByLabel(/Phone Number/).fill('(303) 555-0199');
      await form.getByRole('button', { name: 'Book Now' }).click();
      await expectThanks(page);
      const lead = await storedLead(browser, email);
      expect(lead.attribution).toMatchObject({ styleVariant: 'unified' });
    } finally {
      await context.close();
    }
  });
});
