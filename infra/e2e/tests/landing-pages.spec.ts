import { expect, test, type APIRequestContext } from '@playwright/test';
import { keepScreen } from '../support/screens';

/**
 * Service landing pages (docs/public-site.md#pages-and-routes, docs/public-site.md#validation; ARCHITECTURE.md#auth-and-sessions, docs/public-site.md#page-styles) through the
 * whole stack: each style's texts, the server-rendered first response, the
 * lead form's messages and the admin's form embed code in a sandboxed frame.
 */
interface Content {
  service: { id: number; name: string; offer: string; formEmbedCode: string | null };
  template: { headline: string };
}

async function contentOf(request: APIRequestContext, path: string, client: number): Promise<Content> {
  const res = await request.get(`/api/unified-client-content/${path}?client=${client}`);
  expect(res.status(), `content of ${path} for client ${client}`).toBe(200);
  return ((await res.json()) as { data: Content }).data;
}

async function clinicOf(request: APIRequestContext, id: number): Promise<{ name: string; phone: string | null }> {
  return ((await (await request.get(`/api/clients/${id}?optimized=true`)).json()) as { data: { name: string; phone: string | null } }).data;
}

/** Each visit gets its own URL: public pages may be kept 30 s by the browser. */
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}v=${Date.now().toString(36)}`;

test.describe('service landing pages', () => {
  test('style A: the first HTML response already holds the headline and the lead form', async ({ request }) => {
    const { service } = await contentOf(request, 'trt', 1);
    const res = await request.get('/trt?client=1');
    expect(res.status()).toBe(200);
    const html = await res.text();
    // React separates text parts with <!-- --> in server HTML.
    expect(html.replace(/<!-- -->/g, '').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&')).toContain(`Find the best ${service.name} provider near you!`);
    expect(html).toMatch(/<form[^>]*class="lp-form"/);
    for (const field of ['name="name"', 'name="email"', 'name="phone"', 'autoComplete="tel"', 'inputMode="tel"']) {
      expect(html.toLowerCase()).toContain(field.toLowerCase());
    }
    expect(html).toContain('Find My Match');
  });

  test('style A shows the spec texts, the reviews and the legal modal', async ({ page }) => {
    const clinic = await clinicOf(page.request, 1);
    await page.goto(fresh('/trt?client=1'));
    await expect(page.getByRole('heading', { level: 1, name: /Find the best .+ provider near you!/ })).toBeVisible();
    for (const text of ['Expert Specialists', '24/7 Support Available', '100% Free Matching', 'Free Consultation:']) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Find My Match' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    for (const step of ['Tell us about you', 'Get matched', 'Book your appointment']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.locator('#reviews .lp-review')).toHaveCount(3);
    for (const badge of ['Licensed', 'Reviewed', 'Reputation']) await expect(page.getByText(badge, { exact: true })).toBeVisible();
    expect(await page.locator('#faqs details').count()).toBeLessThanOrEqual(5);
    await expect(page.getByRole('link', { name: /Get Matched Now/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Get Started Now/ })).toBeVisible();
    if (clinic.phone) await expect(page.locator('#contact a[href^="tel:"]').first()).toBeVisible();

    const firstFaq = page.locator('#faqs summary').first();
    await firstFaq.click();
    await expect(page.locator('#faqs details').first()).toHaveAttribute('open', '');

    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await keepScreen(page, { path: `${__dirname}/../.artifacts/landing-a-${test.info().project.name}.png`, fullPage: true });
  });

  test("the lead form shows the spec's messages and sends only a valid form", async ({ page }) => {
    // The answer is stubbed: this test is about the form; lead-capture.spec.ts sends real leads.
    const posted: string[] = [];
    await page.route('**/api/leads', (route) => {
      posted.push(route.request().postData() ?? '');
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'Down' }) });
    });
    await page.goto(fresh('/trt?client=1'));
    const form = page.locator('#contact form');
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Phone number must be at least 10 digits')).toBeVisible();
    const name = form.getByLabel(/Full Name/);
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');

    await name.fill('Jane Smith');
    await expect(form.getByText('Name must be at least 2 characters')).toBeHidden();
    await form.getByLabel(/Email Address/).fill('jane@example');
    await form.getByLabel(/Phone Number/).fill('555-0142');
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Phone number must be at least 10 digits')).toBeVisible();
    expect(posted).toHaveLength(0);

    await form.getByLabel(/Email Address/).fill('jane@example.com');
    await form.getByLabel(/Phone Number/).fill('(303) 555-0142');
    await form.getByRole('button', { name: 'Find My Match' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Submission Failed' })).toBeVisible();
    expect(posted).toHaveLength(1);
    await expect(page).toHaveURL(/\/trt\?/);
  });

  test('style C shows the urgency texts and its offer', async ({ page }) => {
    const { service } = await contentOf(page.request, 'trt', 2);
    await page.goto(fresh('/trt?client=2&style=C'));
    for (const text of [
      'Spots filling quickly',
      'EXCLUSIVE LIMITED OFFER',
      'EXPIRES SOON',
      '5 spots left',
      '12 people booked in the last 24 hours',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await expect(page.getByText(/4\.9\/5\s*from 2,000\+ patients/)).toBeVisible();
    await expect(page.getByText(/satisfaction guarantee/)).toBeVisible();
    await expect(page.locator('.lp-offer__name')).toHaveText(service.offer);
    await expect(page.getByRole('heading', { name: 'Reserve Your Spot' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.locator('.lp-single-review .lp-review')).toHaveCount(1);
    // The banner stays on screen as the page scrolls.
    await page.locator('#faqs').scrollIntoViewIfNeeded();
    await expect(page.getByText('Spots filling quickly')).toBeInViewport();
    await keepScreen(page, { path: `${__dirname}/../.artifacts/landing-c-${test.info().project.name}.png`, fullPage: true });
  });

  test('style B is the find-a-provider page', async ({ page }) => {
    const clinic = await clinicOf(page.request, 2);
    const { template } = await contentOf(page.request, 'ed', 2);
    await page.goto(fresh('/ed/b?client=2'));
    await expect(page.getByRole('heading', { level: 1, name: template.headline })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect With a Provider' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Find My Provider' })).toBeVisible();
    await expect(page.locator('#contact form').getByLabel(/Message/)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Meet ${clinic.name}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await keepScreen(page, { path: `${__dirname}/../.artifacts/landing-b-${test.info().project.name}.png`, fullPage: true });
  });

  test('the preview shows chips, stars, the contact section and a bottom bar on phones', async ({ page }) => {
    const clinic = await clinicOf(page.request, 1);
    await page.goto(fresh('/trt?client=1&preview=1'));
    const chips = await page.locator('.lp-chip').count();
    expect(chips).toBeGreaterThan(0);
    expect(chips).toBeLessThanOrEqual(6);
    await expect(page.locator('#testimonials [role="img"][aria-label^="Rated"]').first()).toBeVisible();
    await expect(page.locator('#contact')).toContainText(clinic.phone ?? '(555) 123-4567');
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    if (test.info().project.name === 'mobile') await expect(bar).toBeVisible();
    else await expect(bar).toBeHidden();
  });

  test("a service's form embed code replaces the form, only inside a sandboxed frame", async ({ page }) => {
    const login = await page.request.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL ?? 'admin@healthads.local', password: process.env.E2E_ADMIN_PASSWORD ?? '' },
    });
    expect(login.status()).toBe(200);
    const { service } = await contentOf(page.request, 'trt', 1);
    const embed = '<div id="e2e-embed">E2E embedded form<script>document.title = "embedded"</script></div>';
    const patch = (formEmbedCode: string | null) => page.request.patch(`/api/client-services/${service.id}`, { data: { formEmbedCode } });
    expect((await patch(embed)).status()).toBe(200);
    try {
      await expect
        .poll(async () => (await contentOf(page.request, 'trt', 1)).service.formEmbedCode, { message: 'the page content sees the new embed code' })
        .toBe(embed);
      await page.goto(fresh('/trt?client=1'));
      const frame = page.locator('#contact iframe');
      await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
      await expect(page.getByRole('button', { name: 'Find My Match' })).toHaveCount(0);
      // The code runs in the frame, not in the page.
      await expect(page.frameLocator('#contact iframe').getByText('E2E embedded form')).toBeVisible();
      await expect(page.locator('#e2e-embed')).toHaveCount(0);
      expect(await page.title()).not.toBe('embedded');
      const height = async () => Math.round((await frame.boundingBox())?.height ?? 0);
      expect(await height()).toBe(650);
      // A height reported by the page itself (or any other window) is ignored...
      await page.evaluate(
        () =>
          new Promise<void>((done) => {
            window.postMessage({ height: 2000 }, '*');
            setTimeout(done, 100);
          }),
      );
      expect(await height()).toBe(650);
      // ...one reported by the frame grows it to the content + 50 px. (The frame's own
      // scripts are held by the page's CSP, which a srcdoc document inherits: Playwright
      // posts for it, as an embed's script would.)
      const content = await (await frame.elementHandle())!.contentFrame();
      await content!.evaluate(() => window.parent.postMessage({ height: 900 }, '*'));
      await expect.poll(height).toBe(950);
      await content!.evaluate(() => window.parent.postMessage('not a height', '*'));
      await content!.evaluate(() => window.parent.postMessage(100000, '*'));
      await expect.poll(height).toBe(3050);
    } finally {
      expect((await patch(service.formEmbedCode)).status()).toBe(200);
    }
  });
});
