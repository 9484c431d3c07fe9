import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * The client home pages (docs/public-site.md#pages-and-routes, docs/public-site.md#home-pages): reading A at `/` for
 * each clinic with its own name, services, team and colours; reading B at
 * /standalone-client-home; the legal modal; the not-found screen that never
 * dead-ends. Expected data comes from the API, never hard-coded.
 */

interface Branding {
  id: number;
  name: string;
  brandColor: string;
  phone: string | null;
  email: string | null;
}
interface ServiceCard {
  name: string;
  slug: string;
}
interface StaffMember {
  name: string;
}

async function data<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
const branding = (request: APIRequestContext, id: number) => data<Branding>(request, `/api/clients/${id}?optimized=true`);
const services = async (request: APIRequestContext, id: number) =>
  (await data<{ services: ServiceCard[] }>(request, `/api/page-content/${id}`)).services;
const staff = (request: APIRequestContext, id: number) => data<StaffMember[]>(request, `/api/staff-members/client/${id}`);

/** '#004aad' → 'rgb(0, 74, 173)', as getComputedStyle reports it. */
function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Text as React writes it into HTML. */
/** Text as markup escapes it; an apostrophe may be escaped or not (renderers differ), so markup is compared with quotes unescaped. */
const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const withPlainApostrophes = (html: string) => html.replace(/&#x27;|&#39;/g, "'");

test.describe('client home page, reading A', () => {
  for (const id of [1, 2, 3]) {
    test(`client ${id}'s home page shows its own name, services, team and colours`, async ({ page, request }) => {
      const [client, cards, team] = await Promise.all([branding(request, id), services(request, id), staff(request, id)]);
      expect(cards.length).toBeGreaterThan(0);

      await page.goto(`/?client=${id}`);
      await expect(page).toHaveTitle(new RegExp(client.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(client.name);

      const servicesSection = page.locator('#services');
      await expect(servicesSection.getByRole('heading', { name: 'Our Services' })).toBeVisible();
      await expect(servicesSection.getByRole('heading', { level: 3 })).toHaveText(cards.map((c) => c.name));
      // On a local host the client is named in the links (docs/public-site.md#pages-and-routes).
      for (const card of cards) {
        await expect(servicesSection.locator(`a[href="/${card.slug}?client=${id}"]`)).toHaveCount(1);
      }

      const teamSection = page.locator('#team');
      if (team.length === 0) {
        await expect(teamSection).toHaveCount(0);
      } else {
        const heading = team.length === 1 ? 'Meet Our Wellness Professional' : 'Meet Our Team';
        await expect(teamSection.getByRole('heading', { level: 2 })).toHaveText(heading);
        await expect(teamSection.getByRole('heading', { level: 3 })).toHaveText(team.map((m) => m.name));
        await expect(teamSection.locator('a[href="#contact"]')).toHaveCount(team.length);
        await expect(teamSection.locator('a[href^="tel:"]')).toHaveCount(team.length);
      }

      // The top bar's call button is painted in the clinic's brand colour.
      const call = page.locator('.topbar').getByRole('link', { name: client.phone ? 'Call Now' : 'Get Started' });
      await expect(call).toBeVisible();
      if (client.phone) await expect(call).toHaveAttribute('href', `tel:${client.phone.replace(/[^\d+]/g, '')}`);
      expect(await call.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgbOf(client.brandColor.toLowerCase()));

      await expect(page.getByText('Connect with a trusted wellness specialist near you!')).toBeVisible();
      await expect(page.locator('footer')).toContainText(`© `);
      await expect(page.locator('footer')).toContainText(client.name);
    });
  }

  test("the first HTML of /?client=2 already has the clinic's name and its services", async ({ request }) => {
    const client = await branding(request, 2);
    const cards = await services(request, 2);
    const html = withPlainApostrophes(await (await request.get('/?client=2')).text());
    expect(html).toContain(`<h1 id="hero-title" class="hero__title">${htmlText(client.name)}</h1>`);
    expect(html).toContain('Our Services');
    for (const card of cards) expect(html).toContain(htmlText(card.name));
    expect(html).not.toContain('Loading...');
  });

  test('the legal modal is a native dialog: it opens on click, closes with Escape or Close, and gives focus back', async ({ page }) => {
    await page.goto('/?client=2');
    const privacy = page.getByRole('button', { name: 'Privacy Policy' });
    await privacy.click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('HIPAA');
    expect(await dialog.evaluate((el) => el.tagName)).toBe('DIALOG');
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.height <= viewport.height * 0.9 + 1).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(privacy).toBeFocused();

    const terms = page.getByRole('button', { name: 'Terms of Service' });
    await terms.click();
    const termsDialog = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(termsDialog).toContainText("24 hours' notice");
    await termsDialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(termsDialog).toBeHidden();
    await expect(terms).toBeFocused();
  });

  test('?variant=b previews testimonials, at most 6 services and a map link; ?variant=c a call-to-action band', async ({ page }) => {
    await page.goto('/?client=1&variant=b');
    await expect(page.getByRole('heading', { name: 'What Our Patients Say' })).toBeVisible();
    await expect(page.locator('.testimonial')).toHaveCount(3);
    expect(await page.locator('#services .service-card').count()).toBeLessThanOrEqual(6);
    await expect(page.getByRole('link', { name: /Open in Maps/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
    await expect(page.locator('iframe')).toHaveCount(0);

    await page.goto('/?client=1&variant=c');
    await expect(page.getByRole('heading', { name: 'Ready to take the first step?' })).toBeVisible();
  });
});

test.describe('client landing page, reading B', () => {
  test('/standalone-client-home?client=4 shows the hero, why choose us, services and the closing call to action', async ({ page, request }) => {
    const client = await branding(request, 4);
    const cards = await services(request, 4);
    await page.goto('/standalone-client-home?client=4');
    await expect(page).toHaveTitle(`${client.name} | Services`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(client.name);

    const hero = page.locator('.hero');
    if (client.phone) await expect(hero.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:/);
    await expect(hero.getByRole('link', { name: 'View Our Services' })).toHaveAttribute('href', '#services');
    for (const badge of ['Trusted by 1000+ patients', 'Same-day appointments', 'Quick recovery times']) {
      await expect(hero.getByText(badge)).toBeVisible();
    }

    await expect(page.getByRole('heading', { name: `Why Choose ${client.name}?` })).toBeVisible();
    await expect(page.locator('#why-us .promise')).toHaveCount(3);

    const grid = page.locator('#services');
    // Its own services, or the six fallback ones when it has none; links always name the client.
    const expected = cards.length ? cards : [{ name: 'TRT', slug: 'trt' }];
    for (const card of expected) {
      await expect(grid.getByRole('heading', { name: card.name, exact: true })).toBeVisible();
      await expect(grid.locator(`a[href="/${card.slug}?client=4"]`)).toHaveCount(1);
    }

    const closing = page.locator('#get-started');
    await expect(closing.getByRole('heading', { name: 'Ready to Get Started?' })).toBeVisible();
    if (client.phone) await expect(closing.locator('a[href^="tel:"]')).toHaveCount(1);
    if (client.email) await expect(closing.locator(`a[href="mailto:${client.email}"]`)).toHaveCount(1);
  });
});

test.describe('not-found screen', () => {
  test("a service the clinic does not offer is a 404 that still shows the clinic, its phone, home and its services", async ({ page, request }) => {
    const client = await branding(request, 2);
    const cards = await services(request, 2);
    const response = await page.goto('/no-such-treatment?client=2');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('link', { name: `${client.name} home` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/?client=2');
    if (client.phone) await expect(page.locator('a[href^="tel:"]')).toHaveCount(1);
    for (const card of cards) {
      await expect(page.getByRole('link', { name: card.name, exact: true })).toHaveAttribute('href', `/${card.slug}?client=2`);
    }
  });
});
