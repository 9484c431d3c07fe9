import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Lists that scale: the Leads inbox's 'All clinics' view
 * shows every clinic's leads with the clinic as a column, narrows to one
 * clinic, and moves the selected leads to a status together.
 */

/** A clinic with one active service, made through the admin API. */
async function clinic(page: Page, name: string): Promise<{ clientId: number; serviceId: number }> {
  const created = await page.request.post('/api/clients', { data: { name, address: '3 Alder St, Eugene, OR', phone: '(541) 555-0190' } });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { data: { id: number } }).data.id;
  const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
  const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
  const service = await page.request.post('/api/services', { data: { name: 'Men’s Health', path: `mens-${clientId}`, clientId, templateId: template.id, isActive: true } });
  expect(service.status()).toBe(201);
  return { clientId, serviceId: ((await service.json()) as { data: { id: number } }).data.id };
}

async function lead(page: Page, name: string, where: { clientId: number; serviceId: number }) {
  const res = await page.request.post('/api/leads', { data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone: '(541) 555-0111', ...where } });
  expect(res.status()).toBe(201);
}

test.describe('admin Leads inbox: All clinics', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin sees every clinic’s leads with their clinic, narrows to one, and moves selected leads together', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name === 'mobile' ? 'm' : 'd'}${Date.now().toString(36)}`;
    const alder = await clinic(page, `Alder Health ${run}`);
    const birch = await clinic(page, `Birch Wellness ${run}`);
    const token = `Quinn${run}`;
    await lead(page, `${token} Avery`, alder);
    await lead(page, `${token} Blake`, birch);
    await lead(page, `${token} Casey`, alder);
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
