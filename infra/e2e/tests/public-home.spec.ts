import { expect, test, type APIRequestContext } from '@playwright/test';
import { keepScreen } from '../support/screens';

interface Branding {
  name: string;
  brandColor: string;
  phone: string | null;
}

async function branding(request: APIRequestContext, id: number): Promise<Branding> {
  const res = await request.get(`/api/clients/${id}?optimized=true`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Branding }).data;
}

test.describe('client home page', () => {
  test("a visitor sees client 2's branded home page via ?client=2", async ({ page, request }) => {
    const client = await branding(request, 2);

    // Server-rendered: the first HTML already names the clinic and carries its colour.
    const html = await (await request.get('/?client=2')).text();
    expect(html).toContain(client.name);
    expect(html.toLowerCase()).toContain(client.brandColor.toLowerCase());
    expect(html).not.toContain('Loading...');

    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/?client=2');
    await expect(page).toHaveTitle(new RegExp(client.name));
    await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
    await expect(page.getByText('Connect with a trusted wellness specialist near you!')).toBeVisible();
    const brand = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand').trim().toLowerCase(),
    );
    expect(brand).toBe(client.brandColor.toLowerCase());
    if (client.phone) await expect(page.getByRole('link', { name: /Call Now/ }).first()).toBeVisible();

    // The legal modal opens and closes.
    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await keepScreen(page, { path: `${__dirname}/../.artifacts/home-client-2-${test.info().project.name}.png`, fullPage: true });

    // Public pages load nothing of the admin app (docs/public-site.md#page-speed), and their scripts come compressed.
    expect(requested.filter((p) => p.startsWith('/remotes/'))).toEqual([]);
    const script = requested.find((p) => p.startsWith('/assets/') && p.endsWith('.js'));
    expect(script).toBeDefined();
    const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toContain('immutable');
  });

  test('the chosen clinic stays for the visit and another client can be picked', async ({ page, request }) => {
    const two = await branding(request, 2);
    const three = await branding(request, 3);
    await page.goto('/?client=3');
    await expect(page).toHaveTitle(new RegExp(three.name));
    await page.goto('/');
    await expect(page).toHaveTitle(new RegExp(three.name));
    await page.goto('/?client=2');
    await expect(page).toHaveTitle(new RegExp(two.name));
  });

  test('an unknown page shows the not-found screen', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});
