import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The Google Ads Campaign Preview of a clinic's service (docs/campaigns.md#campaign-dialogs): client 2's TRT service as the built-in TRT campaign, with the
 * clinic's landing URL, the page each ad group lands on (echoing its keyword), Show All, Template B and Validate Structure.
 */
test.describe('admin Google Ads campaign preview', () => {
  test('an admin previews client 2’s TRT service as a campaign and validates its structure', async ({ page }) => {
    test.setTimeout(60_000);
    await logInAsAdmin(page);
    const services = ((await (await page.request.get('/api/services/client/2')).json()) as { data: Array<{ id: number; name: string; templateId: number; isActive: boolean }> }).data;
    const trt = services.find((s) => s.templateId === 1 && s.isActive);
    expect(trt, 'client 2 offers TRT').toBeTruthy();

    await page.goto('/admin/services?client=2');
    await page.getByRole('button', { name: `Preview Google Ads of ${trt!.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Google Ads Campaign Preview' });
    await expect(dialog.getByText(trt!.name, { exact: true })).toBeVisible();
    // Client 2 has no custom domain of its own: its landing URL is on the platform's host, naming the clinic.
    await expect(dialog.getByRole('link', { name: /^http:\/\/127\.0\.0\.1:\d+\/[a-z0-9-]+\?client=2$/ }).first()).toBeVisible();
    await expect(dialog.getByLabel('Daily budget (USD)')).toHaveValue('50');
    await expect(dialog.getByLabel('Radius (miles)')).toHaveValue('25');
    // docs/admin.md#fixed-figures defaults: Female, 18-24, Lower 50% and the unknowns start excluded.
    await expect(dialog.getByRole('group', { name: 'Gender' }).getByLabel('Female', { exact: true })).not.toBeChecked();
    await expect(dialog.getByRole('group', { name: 'Gender' }).getByLabel('Male', { exact: true })).toBeChecked();

    const group = dialog.getByRole('region', { name: 'Testosterone Therapy' });
    await expect(group.getByRole('listitem').filter({ hasText: /^trt clinic$/ })).toBeVisible();
    // docs/campaigns.md#message-match: the page a click on the group's first keyword reaches echoes it as its headline.
    const landsOn = group.getByRole('link', { name: /\?client=2&kw=testosterone\+replacement\+therapy$/ });
    await expect(landsOn).toBeVisible();
    const landing = await page.context().newPage();
    await landing.goto((await landsOn.getAttribute('href'))!);
    await expect(landing.getByRole('heading', { level: 1 })).toHaveText('Testosterone Replacement Therapy');
    await landing.close();
    await group.getByRole('button', { name: 'Show All 20 keywords' }).click();
    await expect(group.getByText('testosterone specialist', { exact: true })).toBeVisible();
    await expect(group.getByLabel(/of 30 characters/)).toHaveCount(15);
    await group.getByRole('button', { name: 'Show All 3 ads' }).click();
    await expect(group.getByLabel(/of 30 characters/)).toHaveCount(45);

    await dialog.getByRole('switch', { name: 'Use Template B landing page style' }).check();
    await expect(dialog.getByRole('link', { name: /\?client=2&style=B$/ }).first()).toBeVisible();
    await dialog.getByLabel('Daily budget (USD)').fill('5000');
    await expect(dialog.getByText('Daily budget must be between 1 and 1000')).toBeVisible();
    await dialog.getByLabel('Daily budget (USD)').fill('75');

    await dialog.getByRole('button', { name: 'Validate Structure' }).click();
    await expect(page.getByText('Structure Valid', { exact: true })).toBeVisible();
    await expect(group.getByText('No issues')).toBeVisible();
    await keepScreen(page, { path: screenPath('google-ads-preview') });
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
