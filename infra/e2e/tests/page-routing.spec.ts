import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const logs = join(__dirname, '..', '.artifacts', 'logs');
const logOf = (process: string) => readFileSync(join(logs, `${process}.log`), 'utf8');

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

  test('one request id runs from the gateway through the shell to the tenant service', async ({ request }) => {
    const id = `e2e-${Date.now().toString(36)}`;
    const page = await request.get('/?client=2', { headers: { 'x-request-id': id } });
    expect(page.status()).toBe(200);
    expect(page.headers()['x-request-id']).toBe(id);
    await expect.poll(() => logOf('tenant').includes(id)).toBe(true);
    expect(logOf('gateway')).toContain(id);
  });

  test('a page is rendered with one gateway call: the page context', async ({ request }) => {
    const id = `e2e-one-${Date.now().toString(36)}`;
    const page = await request.get('/?client=2', { headers: { 'x-request-id': id } });
    expect(page.status()).toBe(200);
    // Every request the gateway saw under this id, once each has completed (the page's own
    // GET completes last, after the shell's calls made while rendering it).
    const seen = () => {
      const lines = logOf('gateway')
        .split('\n')
        .filter((line) => line.includes(`"reqId":"${id}"`))
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
      const started = lines.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url ?? '');
      return { started, settled: started.length >= 2 && lines.filter((line) => line.msg === 'request completed').length === started.length };
    };
    await expect.poll(() => seen().settled).toBe(true);
    const apiCalls = seen().started.filter((url) => url.startsWith('/api/'));
    expect(apiCalls).toEqual([expect.stringMatching(/^\/api\/page-context\?host=/)]);
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
