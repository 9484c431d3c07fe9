import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/admin';
import { clinicWithTrt, journeyRun, logInWithGoogleAds } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

/** Screens kept for a before-and-after look: SHOTS=before|after names them (default after). */
const shot = (page: Page, name: string) => keepScreen(page, { path: screenPath(`${process.env.SHOTS ?? 'after'}-${name}`) });

const launchesOf = async (page: Page, clientId: number) =>
  ((await (await page.request.get(`/api/google-ads/launches?clientId=${clientId}`)).json()) as { data: Array<{ status: string; campaignName: string }> }).data;

/**
 * docs/admin.md: money moves only on purpose. Each launch path (the
 * Preview dialog, the Google Ads Campaign dialog, the client's campaign
 * builder) asks once, naming the Google Ads account, the daily budget and
 * that the campaign is created paused; a service already launched says when
 * and as what, and launches again only with 'Launch another campaign anyway'
 * ticked.
 */
test.describe('admin launch confirmation', () => {
  test('every launch path asks first, and a launched service needs a second, explicit yes', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const run = journeyRun();
    await logInWithGoogleAds(page);
    const clientId = await clinicWithTrt(page, baseURL!, run, { name: 'Northside Vitality', domainPrefix: 'northside', address: '300 Peachtree Street, Atlanta, GA 30308', phone: '(404) 555-0177', googleAdsAccountId: '345-678-9012' });

    // Preview dialog: Launch asks first; Cancel launches nothing.
    await page.goto(`/admin/services?client=${clientId}`);
    await page.getByRole('button', { name: 'Preview Google Ads of Testosterone Therapy' }).click();
    const preview = page.getByRole('dialog', { name: 'Google Ads Campaign Preview' });
    await preview.getByLabel('Daily budget (USD)').fill('45');
    await preview.getByRole('button', { name: 'Launch', exact: true }).click();
    // Before the admin work this click launched at once: the screenshot shows what it does now.
    await page.waitForLoadState('networkidle');
    await shot(page, 'launch-click');
    const confirm = page.getByRole('dialog', { name: 'Launch Campaign' });
    await expect(confirm).toContainText('345-678-9012');
    await expect(confirm).toContainText('$45 a day');
    await expect(confirm).toContainText('paused');
    await expect(confirm.getByRole('checkbox', { name: 'Launch another campaign anyway' })).toHaveCount(0);
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'launch-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(preview).toBeVisible();
    expect(await launchesOf(page, clientId)).toEqual([]);

    await preview.getByRole('button', { name: 'Launch', exact: true }).click();
    await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(page.getByText('Campaign Launched', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(preview).toBeHidden();
    const [first] = await launchesOf(page, clientId);
    expect(first).toEqual(expect.objectContaining({ status: 'launched' }));

    // Google Ads Campaign dialog: the service is launched now, so a second yes is needed.
    await page.getByRole('button', { name: 'Google Ads campaign of Testosterone Therapy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Google Ads Campaign' });
    await dialog.getByRole('button', { name: 'Configure Settings' }).click();
    await dialog.getByRole('spinbutton', { name: 'Daily budget (USD)' }).fill('60');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Launch Campaign' }).click();
    await expect(confirm).toContainText('345-678-9012');
    await expect(confirm).toContainText('$60 a day');
    await expect(confirm).toContainText('paused');
    await expect(confirm).toContainText(new RegExp(`already launched on .+ as ${first!.campaignName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const anyway = confirm.getByRole('checkbox', { name: 'Launch another campaign anyway' });
    await expect(confirm.getByRole('button', { name: 'Launch', exact: true })).toBeDisabled();
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, 'launch-confirm-again');
    await anyway.check();
    await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(page.getByText('Campaign Launched', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await launchesOf(page, clientId)).length).toBe(2);

    // The campaign builder: the same confirmation, the same second yes.
    await page.goto(`/admin/clients/${clientId}/ads`);
    const builder = page.getByRole('region', { name: 'Campaign builder' });
    await builder.getByLabel('Service').selectOption({ label: 'Testosterone Therapy' });
    await expect(builder.getByLabel('Campaign name')).toHaveValue(/Northside/);
    await builder.getByLabel('Daily budget (USD)').fill('70');
    await builder.getByRole('button', { name: 'Launch Campaign' }).click();
    await expect(confirm).toContainText('345-678-9012');
    await expect(confirm).toContainText('$70 a day');
    await expect(confirm).toContainText('paused');
    await expect(confirm).toContainText(/already launched on .+ as /);
    await expect(confirm.getByRole('button', { name: 'Launch', exact: true })).toBeDisabled();
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('checkbox', { name: 'Launch another campaign anyway' }).check();
    await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(page.getByText('Your Google Ads campaign has been successfully launched!', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await launchesOf(page, clientId)).length).toBe(3);
  });
});
