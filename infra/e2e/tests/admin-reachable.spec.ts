import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md, every screen is reachable: a client's ad-campaign page
 * (the campaign builder and its launch log, docs/campaigns.md#client-ad-campaign-page) opens from the
 * client's actions and from Services (the client's link and each service's
 * row, which starts the builder on that service); the queue board is in the
 * admin navigation and leads back to the admin.
 */

/** A clinic and one service page of its own, made through the API. */
async function clinicWithService(page: Page) {
  const run = `${test.info().project.name}-${Date.now().toString(36)}`;
  const name = `Cedar Ridge Wellness ${run}`;
  const created = await page.request.post('/api/clients', { data: { name, address: '4 Cedar Ridge Rd, Boise, ID', phone: '(208) 555-0142' } });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { data: { id: number } }).data.id;
  const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
  const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
  const service = await page.request.post('/api/services', {
    data: { name: 'Hormone Balance', path: `hormones-${run}`, clientId, templateId: template.id, isActive: true },
  });
  expect(service.status()).toBe(201);
  const serviceId = ((await service.json()) as { data: { id: number } }).data.id;
  return { name, clientId, serviceId };
}

/** The client's ad-campaign page has loaded: its name, the builder and the launch log. */
async function expectAdsPage(page: Page, name: string, clientId: number) {
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${clientId}/ads(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Campaign builder' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Launch log' })).toBeVisible();
  await expect(page.getByText('No campaign has been launched for this client yet.')).toBeVisible();
}

test.describe('admin: every screen is reachable', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a client's ad campaigns open from its actions and from Services", async ({ page }) => {
    await logInAsAdmin(page);
    const { name, clientId, serviceId } = await clinicWithService(page);
    try {
      // From the client's actions.
      // The list pages by 20: the clinic is found by its name.
      await page.goto(`/admin/clients?q=${encodeURIComponent(name)}`);
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Ad Campaigns' }).click();
      await expectAdsPage(page, name, clientId);
      await keepScreen(page, { path: screenPath('after-ads-from-actions'), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // From Services: the client's link.
      await page.goto(`/admin/services?client=${clientId}`);
      await page.getByRole('link', { name: `Ad campaigns and launch log of ${name}` }).click();
      await expectAdsPage(page, name, clientId);

      // From Services: a service's row starts the builder on that service.
      await page.goto(`/admin/services?client=${clientId}`);
      const serviceRow = page.getByRole('row', { name: /Hormone Balance/ });
      await serviceRow.getByRole('link', { name: 'Build a Google Ads campaign for Hormone Balance' }).click();
      await expectAdsPage(page, name, clientId);
      await expect(page).toHaveURL(new RegExp(`[?&]service=${serviceId}`));
      await expect(page.getByLabel('Service', { exact: true })).toHaveValue(String(serviceId));
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await page.request.delete(`/api/clients/${clientId}`);
    }
  });

  test('the queue board is in the admin navigation and leads back to the admin', async ({ page }) => {
    await logInAsAdmin(page);
    // The first screen's chunk: slow on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Clients Management' })).toBeVisible({ timeout: 30_000 });
    let nav = page.getByRole('complementary', { name: 'Admin navigation' });
    if (test.info().project.name === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      nav = page.getByRole('dialog', { name: 'Admin Dashboard' });
    }
    const queues = nav.getByRole('link', { name: 'Queues' });
    await expect(queues).toBeVisible();
    await keepScreen(page, { path: screenPath('after-nav-queues') });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await queues.click();

    await expect(page).toHaveURL(/\/admin\/queues\/?$/);
    const back = page.getByRole('link', { name: 'Back to admin' });
    await expect(back).toBeVisible();
    // The board's own screen has loaded (its header), and the way back is still in view.
    await expect(page.locator('#root header').first()).toBeVisible();
    await expect(back).toBeInViewport();
    await keepScreen(page, { path: screenPath('after-queue-board') });
    expect(await seriousAxeViolations(page, '#hap-board-back')).toEqual([]);
    await back.click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clients Management' })).toBeVisible({ timeout: 30_000 });
  });
});
