import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { connectGoogleAds } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md: everything that spends money is in the Audit Log. An admin
 * launches a clinic's campaign (the stack's fake Google Ads API); the Audit
 * Log's Service filter has Google Ads, and the launch and its outcome read
 * with names: the admin's e-mail, the clinic, the service, the account.
 */
test.describe('admin Audit Log: money actions', () => {
  test('a launch is listed under Google Ads with who, what, for which clinic and service, on which account, and its outcome', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const headers = { origin: baseURL! };
    await logInAsAdmin(page);
    await connectGoogleAds(page);

    const clinicName = `Audit Vitality ${run}`;
    const created = await page.request.post('/api/clients', {
      headers,
      data: { name: clinicName, address: '500 Congress Avenue, Austin, TX 78701', phone: '(512) 555-0142', domain: `audit-${run}.example`, googleAdsAccountId: '123-456-7890' },
    });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;
    // Template 1 (Testosterone Therapy) carries the built-in TRT campaign.
    const added = await page.request.post('/api/services', { headers, data: { name: 'Testosterone Therapy', path: `trt-${run}`, templateId: 1, clientId, isActive: true } });
    expect(added.ok()).toBeTruthy();
    const serviceId = ((await added.json()) as { data: { id: number } }).data.id;

    const launched = await page.request.post('/api/google-ads/launch-campaign', { headers, data: { clientId, serviceId } });
    expect(launched.status()).toBe(202);
    const launchId = ((await launched.json()) as { data: { id: string } }).data.id;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/google-ads/launches/${launchId}`)).json()) as { data: { status: string } }).data.status, { timeout: 30_000 })
      .toBe('launched');

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible({ timeout: 30_000 });
    const serviceFilter = page.getByLabel('Service');
    await expect(serviceFilter.locator('option', { hasText: 'Google Ads' })).toHaveCount(1);
    await serviceFilter.selectOption({ label: 'Google Ads' });

    const start = page.locator('.aud-entry').filter({ hasText: 'Launched campaign' }).filter({ hasText: clinicName });
    await expect(start).toBeVisible();
    await expect(start).toContainText(process.env.E2E_ADMIN_EMAIL!);
    await expect(start).toContainText(`Client: ${clinicName}`);
    await expect(start).toContainText('Service: Testosterone Therapy');
    await expect(start).toContainText('Account: 1234567890');
    await expect(start).not.toContainText('Admin #');

    const outcome = page.locator('.aud-entry').filter({ hasText: /Launch of .*: launched/ }).filter({ hasText: clinicName });
    await expect(outcome).toBeVisible();
    await expect(outcome).toContainText(process.env.E2E_ADMIN_EMAIL!);
    await outcome.locator('summary').click();
    await expect(outcome.getByText('status', { exact: true })).toBeVisible();
    await expect(outcome).toContainText('launched');
    await keepScreen(page, { path: screenPath('after-audit-money'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
