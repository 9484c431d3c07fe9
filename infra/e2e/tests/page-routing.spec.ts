import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type PlaywrightWorkerArgs } from '@playwright/test';

// The directory global setup gave this shard's processes.
const logOf = (name: string) => readFileSync(join(process.env.E2E_LOG_DIR ?? '', `${name}.log`), 'utf8');

/**
 * A clinic made for one test: the shell keeps rendered pages (server/page-cache.ts), so only a
 * page nobody has asked for yet, in this project or another, is rendered from tenant and templates.
 */
async function freshClinic(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined): Promise<number> {
  const admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post('/api/admin/login', { data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const created = await admin.post('/api/clients', { data: { name: `Routing Clinic ${Date.now().toString(36)}`, address: '1 Main Street', phone: '555-0100' } });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  await admin.dispose();
  return id;
}

// What the gateway hands the real public shell, seen from outside.
test.describe('page routing through the gateway', () => {
  test("a clinic's own domain shows that clinic, whatever ?client= says", async ({ request }) => {
    const apex = ((await (await request.get('/api/clients/2?optimized=true')).json()) as { data: { name: string } }).data;
    const three = ((await (await request.get('/api/clients/3?optimized=true')).json()) as { data: { name: string } }).data;

    const onDomain = await request.get('/?client=3', { headers: { host: 'www.apexmenshealth.com' } });
    expect(onDomain.status()).toBe(200);
    expect(await onDomain.text()).toContain(`<title>${apex.name.replace(/'/g, '&#39;')}</title>`);

    const onLocalhost = await request.get('/?client=3');
    expect(await onLocalhost.text()).toContain(`<title>${three.name}</title>`);
  });

  test('one request id runs from the gateway through the shell to the tenant service', async ({ request, playwright, baseURL }) => {
    const id = `e2e-${Date.now().toString(36)}`;
    const page = await request.get(`/?client=${await freshClinic(playwright, baseURL)}`, { headers: { 'x-request-id': id } });
    expect(page.status()).toBe(200);
    expect(page.headers()['x-request-id']).toBe(id);
    await expect.poll(() => logOf('tenant').includes(id)).toBe(true);
    expect(logOf('gateway')).toContain(id);
  });

  test('a page is rendered without a call to the gateway: its clinic from tenant, then its catalogue from templates', async ({ request, playwright, baseURL }) => {
    const id = `e2e-one-${Date.now().toString(36)}`;
    const clinic = await freshClinic(playwright, baseURL);
    const page = await request.get(`/?client=${clinic}`, { headers: { 'x-request-id': id } });
    expect(page.status()).toBe(200);
    // The requests a process logged under this id.
    const received = (process: string) =>
      logOf(process)
        .split('\n')
        .filter((line) => line.includes(`"reqId":"${id}"`))
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
        .filter((line) => line.msg === 'incoming request')
        .map((line) => line.req?.url ?? '');
    await expect.poll(() => received('tenant')).toEqual([expect.stringMatching(/^\/api\/page-context\?host=/)]);
    await expect.poll(() => received('templates')).toEqual([`/api/page-content/${clinic}`]);
    // The page's own GET, and nothing the shell asked while rendering it.
    await expect.poll(() => received('gateway')).toEqual([`/?client=${clinic}`]);
  });

  test('a missing asset is a plain 404 that is not cached', async ({ request }) => {
    const res = await request.get('/assets/missing');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('text/plain');
    expect(res.headers()['cache-control']).toBe('no-store');
  });

  test('pages set no admin session cookie and send security headers', async ({ request }) => {
    const page = await request.get('/');
    expect(page.headers()['set-cookie'] ?? '').not.toContain('hap_sid');
    expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
  });
});

test.describe('clinic text on pages', () => {
  test('a clinic name with markup and replacement patterns is shown as text', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const login = await admin.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const name = `Dr. "O'Neil" & Sons $' $& </script><script>window.__pwned = 1</script>`;
    const created = await admin.post('/api/clients', { data: { name, address: '1 Main Street', phone: '555-0100' } });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;

    const html = await (await page.request.get(`/?client=${id}`)).text();
    expect(html).not.toContain('<script>window.__pwned');

    await page.goto(`/?client=${id}`);
    await expect(page).toHaveTitle(name);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    expect((await admin.delete(`/api/clients/${id}`)).status()).toBe(200);
    await admin.dispose();
  });
});

// docs/public-site.md#pages-and-routes route rules, through the gateway and the real shell.
test.describe('public route rules', () => {
  const words = ['services', 'unified', 'funnel-service', 'onboard/more'];

  test('/thanks is the thank-you page, noindex and never cached (lead-capture.spec.ts has its texts)', async ({ page }) => {
    const res = await page.goto('/thanks?client=1');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1, name: /Reserve Your Appointment|Thank You for Contacting Us!/ })).toBeVisible();
  });

  for (const word of words) {
    test(`the reserved word /${word} shows the not-found screen`, async ({ page }) => {
      const res = await page.goto(`/${word}?client=1`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    });
  }

  test('unknown paths show the not-found screen with the clinic and a way home', async ({ page, request }) => {
    const clinic = ((await (await request.get('/api/clients/2?optimized=true')).json()) as { data: { name: string } }).data;
    for (const path of ['/no/such/page?client=2', '/trt/d?client=2', '/wp-login.php?client=2', '/botox?client=2']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      // The clinic (its logo, or its name when it has none), its phone and a way home.
      await expect(page.getByRole('link', { name: `${clinic.name} home` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/?client=2');
      await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    }
  });

  test("a service page's first HTML response holds its headline, and every route form reaches it", async ({ request }) => {
    const content = (await (await request.get('/api/page-content/1?service=trt')).json()) as {
      data: { landing: { content: { template: { headline: string } } } };
    };
    const headline = content.data.landing.content.template.headline;
    for (const path of ['/trt', '/TRT/b', '/services/trt', '/funnel-service/trt?style=c', '/unified/trt', '/unified/trt/style-a']) {
      const res = await request.get(`${path}${path.includes('?') ? '&' : '?'}client=1`);
      expect(res.status(), path).toBe(200);
      // Apostrophes may come escaped or not: compare with them plain.
      expect((await res.text()).replace(/&#x27;|&#39;/g, "'"), path).toContain(headline);
    }
  });

  test('a path that starts with ? goes home with its query', async ({ request }) => {
    const res = await request.get('/%3Fclient=3', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/?client=3');
  });
});
