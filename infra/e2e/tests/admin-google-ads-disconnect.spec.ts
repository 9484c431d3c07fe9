import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { connectGoogleAds } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md: the Google Ads connection can be disconnected (confirmed
 * first, audited), and the connection pages say what the connection is,
 * not what their address says. The agency is connected again at the end:
 * other journeys launch through it.
 */
test.describe('admin Google Ads disconnect', () => {
  test('an admin disconnects Google Ads after a confirmation; the pages and the Audit Log say so', async ({ page }) => {
    test.setTimeout(90_000);
    await logInAsAdmin(page);
    await connectGoogleAds(page);
    try {
      await page.goto('/admin/google-ads-connect');
      // The admin remote loads first (a busy machine took over 10 s once).
      await expect(page.getByRole('heading', { name: 'Google Ads is connected' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Connected as ads-manager@agency.example.')).toBeVisible();
      await keepScreen(page, { path: screenPath('after-connected'), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Cancel leaves it connected.
      await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Disconnect Google Ads?' });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText('ads-manager@agency.example will be disconnected.');
      await keepScreen(page, { path: screenPath('after-disconnect-confirm') });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Google Ads is connected' })).toBeVisible();

      await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await confirm.getByRole('button', { name: 'Disconnect Google Ads' }).click();
      await expect(page.getByText('Google Ads disconnected', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Why connect Google Ads' })).toBeVisible();
      await expect(page.getByText('Google Ads is not connected.', { exact: true })).toBeVisible();
      await keepScreen(page, { path: screenPath('after-disconnected'), fullPage: true });

      // The address that said "connected" no longer does.
      await page.goto('/admin/google-ads-connect?connected=true');
      await expect(page.getByRole('heading', { name: 'Google Ads is not connected' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Successfully Connected' })).toHaveCount(0);
      await page.goto('/admin/google-ads-auth');
      await expect(page.getByRole('button', { name: 'Connect Google Ads Account' })).toBeEnabled();

      // Audited: who disconnected which account.
      await page.goto('/admin/audit');
      await page.getByLabel('Service').selectOption({ label: 'Google Ads' });
      const entry = page.locator('.aud-entry').filter({ hasText: 'Disconnected Google Ads' }).first();
      await expect(entry).toBeVisible();
      await expect(entry).toContainText(process.env.E2E_ADMIN_EMAIL!);
      await expect(entry).toContainText('Account: ads-manager@agency.example');
    } finally {
      await connectGoogleAds(page);
    }
  });
});
