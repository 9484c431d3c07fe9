import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Google Ads Templates (docs/campaigns.md#google-ads-templates): an admin has AI write
 * campaigns for a service template (the e2e stack's loopback fake of the
 * model answers), reads one in the detail dialog with its character counts,
 * optimizes it for a goal and deletes another.
 */
test.describe('admin Google Ads Templates', () => {
  test('an admin generates campaigns for a template, views, optimizes and deletes them', async ({ page }) => {
    test.setTimeout(90_000);
    // Each project works on its own template: the two run at once on one stack.
    const templateName = test.info().project.name === 'mobile' ? 'Erectile Dysfunction (ED) Treatment' : 'CoolSculpting';
    await logInAsAdmin(page);
    await page.goto('/admin/google-ads-templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Google Ads Templates' })).toBeVisible();
    await expect(page).toHaveTitle('Google Ads Templates | Admin Dashboard');

    const list = page.getByRole('navigation', { name: 'Service templates' });
    const item = list.getByRole('button', { name: new RegExp(`^${templateName.replace(/[()]/g, '\\$&')}`) });
    await expect(item).toContainText('No campaigns');
    await item.click();
    const panel = page.getByRole('region', { name: templateName });
    await expect(panel.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();

    await panel.getByRole('button', { name: 'Generate Campaigns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Campaigns' });
    await dialog.getByLabel('Service description').fill('Non-surgical fat reduction for stubborn areas, free body consultation.');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(panel.getByRole('status')).toContainText('Writing campaigns…');
    await expect(page.getByText('Google Ads campaigns generated successfully!', { exact: true })).toBeVisible({ timeout: 30_000 });
    const campaigns = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(campaigns).toHaveCount(2);
    await expect(item).toContainText('2 campaigns');
    await expect(item).toContainText('Ready');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('google-ads-templates'), fullPage: true });

    // The detail dialog's tabs, with each headline's length against Google's 30.
    await panel.getByRole('button', { name: 'View TRT - Low Energy' }).click();
    const detail = page.getByRole('dialog', { name: 'TRT - Low Energy' });
    await expect(detail.getByText('low testosterone treatment').first()).toBeVisible();
    await detail.getByRole('tab', { name: 'Ad Groups' }).click();
    await expect(detail.getByRole('region', { name: 'Low Testosterone' })).toBeVisible();
    await expect(detail.getByLabel('29 of 30 characters').first()).toBeVisible();
    await keepScreen(page, { path: screenPath('google-ads-campaign') });
    await detail.getByRole('tab', { name: 'Extensions' }).click();
    await expect(detail.getByText('Book a Consultation')).toBeVisible();
    await detail.getByRole('tab', { name: 'Targeting' }).click();
    await expect(detail.getByText('Maximize Conversions')).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();

    // Optimize asks, proposes a rewrite for the goal and applies it when kept; its name stays (admin-optimize.spec.ts has the rest).
    await panel.getByLabel('Optimize TRT - Low Energy').selectOption('reduce_cost');
    await page.getByRole('alertdialog', { name: 'Optimize TRT - Low Energy with AI?' }).getByRole('button', { name: 'Optimize with AI' }).click();
    await page.getByRole('dialog', { name: 'Proposed changes: TRT - Low Energy' }).getByRole('button', { name: 'Keep changes' }).click({ timeout: 30_000 });
    await expect(page.getByText('Campaign optimized successfully!', { exact: true })).toBeVisible();
    await expect(campaigns.filter({ hasText: 'TRT - Low Energy' })).toContainText('Keyword theme: booked consultations');

    await panel.getByRole('button', { name: 'Delete TRT - Free Consultation' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Campaign' }).click();
    await expect(page.getByText('Campaign deleted successfully!', { exact: true })).toBeVisible();
    await expect(campaigns).toHaveCount(1);
    await expect(item).toContainText('1 campaign');
  });
});
