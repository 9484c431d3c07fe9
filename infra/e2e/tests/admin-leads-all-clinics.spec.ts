import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithService, sendLead } from '../support/leads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Lists that scale: the Leads inbox's 'All clinics' view
 * shows every clinic's leads with the clinic as a column, narrows to one
 * clinic, and moves the selected leads to a status together.
 */

test.describe('admin Leads inbox: All clinics', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin sees every clinic’s leads with their clinic, narrows to one, and moves selected leads together', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name === 'mobile' ? 'm' : 'd'}${Date.now().toString(36)}`;
    const alder = await clinicWithService(page, `Alder Health ${run}`);
    const birch = await clinicWithService(page, `Birch Wellness ${run}`);
    const token = `Quinn${run}`;
    await sendLead(page, `${token} Avery`, alder);
    await sendLead(page, `${token} Blake`, birch);
    await sendLead(page, `${token} Casey`, alder);
    try {
      await page.goto('/admin/leads');
      await page.getByLabel('Clinic').selectOption({ label: 'All clinics' });
      await expect(page).toHaveURL(/[?&]client=all/);
      await page.getByRole('searchbox', { name: 'Search' }).fill(token);
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
      const table = page.getByRole('region', { name: 'Leads' });
      const rows = table.getByRole('row').filter({ hasText: token });
      await expect(rows).toHaveCount(3);
      // The clinic as a column: newest first, each lead with its clinic.
      await expect(rows.nth(0)).toContainText(`${token} Casey`);
      await expect(rows.nth(0)).toContainText(`Alder Health ${run}`);
      await expect(rows.nth(1)).toContainText(`${token} Blake`);
      await expect(rows.nth(1)).toContainText(`Birch Wellness ${run}`);
      if (test.info().project.name === 'desktop') await expect(table.getByRole('columnheader', { name: 'Clinic' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await keepScreen(page, { path: screenPath('after-leads-all-clinics'), fullPage: true });

      // Select two leads of two clinics and move them together.
      await table.getByRole('checkbox', { name: `Select ${token} Avery` }).check();
      await table.getByRole('checkbox', { name: `Select ${token} Blake` }).check();
      await expect(table.getByRole('status').filter({ hasText: 'selected' })).toHaveText('2 selected');
      await table.getByLabel('New status for the selected leads').selectOption('contacted');
      await expect(table.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await keepScreen(page, { path: screenPath('after-leads-bulk-selected'), fullPage: true });
      await table.getByRole('button', { name: 'Apply' }).click();
      await expect(page.locator('.adm-toast')).toContainText('2 leads moved to Contacted.');
      await expect(table.getByLabel(`Status of ${token} Avery`)).toHaveValue('contacted');
      await expect(table.getByLabel(`Status of ${token} Blake`)).toHaveValue('contacted');
      await expect(table.getByLabel(`Status of ${token} Casey`)).toHaveValue('new');
      await expect(table.getByText('2 selected')).toBeHidden();

      // The whole page at once: one was already there.
      await table.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await expect(table.getByText('3 selected')).toBeVisible();
      await table.getByLabel('New status for the selected leads').selectOption('contacted');
      await table.getByRole('button', { name: 'Apply' }).click();
      await expect(page.locator('.adm-toast').filter({ hasText: '1 lead moved to Contacted.' })).toContainText('2 leads already were Contacted.');

      // The clinic as a filter: Birch only; back returns to All clinics.
      await page.getByLabel('Clinic').selectOption({ label: `Birch Wellness ${run}` });
      await expect(page).toHaveURL(new RegExp(`[?&]client=${birch.clientId}`));
      await expect(table.getByRole('button', { name: `Open ${token} Blake` })).toBeVisible();
      await expect(table.getByRole('button', { name: `Open ${token} Avery` })).toBeHidden();
      await page.goBack();
      await expect(page).toHaveURL(/[?&]client=all/);
      await expect(table.getByRole('row').filter({ hasText: token })).toHaveCount(3);
    } finally {
      await page.request.delete(`/api/clients/${alder.clientId}`);
      await page.request.delete(`/api/clients/${birch.clientId}`);
    }
  });
});
