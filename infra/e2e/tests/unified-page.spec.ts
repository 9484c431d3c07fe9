import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { keepScreen } from '../support/screens';

/** The unified content /unified/trt?client=1 is rendered from, as the gateway answers it. */
interface UnifiedTemplate {
  headline: string;
  offer: string;
  benefits: { title: string }[];
  symptoms: { title: string }[];
  process: { title: string }[];
  faqs: { question: string }[];
  testimonials: { text: string }[];
  beforeAfterImages: { title: string }[];
}

async function trtContent(request: APIRequestContext): Promise<{ template: UnifiedTemplate; offer: string }> {
  const res = await request.get('/api/page-content/1?service=trt');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { landing: { content: { template: UnifiedTemplate; service: { offer: string } } } | null } };
  expect(body.data.landing).not.toBeNull();
  const content = body.data.landing!.content;
  return { template: content.template, offer: content.service.offer || content.template.offer };
}

/** Every console error and uncaught exception of the page, hydration warnings included. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const PAGE = '/unified/trt?client=1';

test.describe('unified (hormone-therapy-style) service page', () => {
  test('shows every section and anchor with the template’s content, without console errors', async ({ page, request }) => {
    const { template, offer } = await trtContent(request);
    const errors = collectErrors(page);

    // Server-rendered with its data: the first HTML already carries the headline and the countdown's start.
    const html = await (await request.get(PAGE)).text();
    expect(html.replace(/&#x27;|&#39;/g, "'")).toContain(template.headline);
    expect(html).toMatch(/role="timer"[^>]*>.*?23<\/span>.*?59<\/span>.*?59<\/span>/s);

    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 1, name: template.headline })).toBeVisible();
    await expect(page.locator('#contact')).toContainText(offer);
    for (const label of ['Full Name', 'Email Address', 'Phone Number']) {
      await expect(page.locator('#contact').getByLabel(label)).toBeVisible();
    }

    for (const id of ['about', 'contact', 'symptoms', 'benefits', 'process', 'testimonials', 'faqs', 'location', 'ready-cta']) {
      await expect(page.locator(`#${id}`), `#${id}`).toHaveCount(1);
    }
    // The hero lists at most 3 benefits and 3 steps; the sections list them all.
    const hero = page.getByTestId('unified-hero');
    await expect(hero.getByRole('list', { name: 'Benefits' }).getByRole('listitem')).toHaveCount(Math.min(3, template.benefits.length));
    await expect(hero.getByRole('list', { name: 'How it works' }).getByRole('listitem')).toHaveCount(Math.min(3, template.process.length));
    await expect(page.locator('#benefits li')).toHaveCount(template.benefits.length);
    await expect(page.locator('#process li')).toHaveCount(template.process.length);

    for (const symptom of template.symptoms) await expect(page.locator('#symptoms')).toContainText(symptom.title);
    for (const story of template.beforeAfterImages) await expect(page.locator('#about')).toContainText(story.title);
    for (const faq of template.faqs) await expect(page.locator('#faqs')).toContainText(faq.question);
    await expect(page.locator('#testimonials blockquote')).toHaveCount(template.testimonials.length);
    await expect(page.locator('#symptoms svg.lucide').first()).toBeVisible();
    for (const stat of ['500+', '15+', '100%', '4.9']) await expect(page.getByText(stat, { exact: true })).toBeVisible();
    await expect(page.locator('#location').getByRole('link', { name: /Get Directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
    await expect(page.locator('#location iframe')).toHaveCount(0);

    // No image on the page is broken.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    await page.waitForLoadState('networkidle');
    const broken = await page.evaluate(() =>
      [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
    );
    expect(broken).toEqual([]);

    await keepScreen(page, { path: `${__dirname}/../.artifacts/unified-trt-${test.info().project.name}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test('the countdown starts at 23:59:59 and ticks', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(PAGE);
    const clock = page.getByTestId('countdown').first();
    const first = (await clock.textContent()) ?? '';
    expect(first).toMatch(/^23:59:5\d$/);
    await expect(clock).not.toHaveText(first, { timeout: 2_500 });
    expect(errors).toEqual([]);
  });

  test('the mobile bar appears only past 80 % of the hero, on phones', async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    await page.goto(PAGE);
    const bar = page.getByTestId('mobile-bar');
    const hero = page.getByTestId('unified-hero');
    const box = await hero.boundingBox();
    expect(box).not.toBeNull();
    const heroTop = box!.y;
    const heroHeight = box!.height;
    const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), Math.round(y));

    await expect(bar).toBeHidden();
    await scrollTo(heroTop + heroHeight * 0.7);
    // A frame for the scroll listener, then it must still be hidden.
    await page.waitForTimeout(300);
    await expect(bar).toBeHidden();

    await scrollTo(heroTop + heroHeight * 0.85);
    if (testInfo.project.name === 'mobile') {
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '#contact');
      await expect(bar.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:/);
      await scrollTo(0);
      await expect(bar).toBeHidden();
    } else {
      await page.waitForTimeout(300);
      await expect(bar).toBeHidden();
    }
    expect(errors).toEqual([]);
  });
});
