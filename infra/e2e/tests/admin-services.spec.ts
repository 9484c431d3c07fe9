import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Services Management (docs/admin.md#services) and the service dialog (docs/public-site.md#pages-and-routes): an
 * admin picks a new clinic, creates a service page from a template, finds it
 * live, makes it inactive (dimmed under Inactive, its page gone), and
 * searches.
 */

test.describe('admin Services Management', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin creates a service for a clinic, sees it live, makes it inactive and searches', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const name = `Aspen Grove Health ${run}`;
    const created = await page.request.post('/api/clients', { data: { name, address: '12 Aspen Grove Ln, Denver, CO', phone: '(303) 555-0176' } });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;
    const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; name: string; slug: string }> }).data;
    const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
    const path = `low-t-${run}`;
    try {
      await page.goto('/admin/services');
      await expect(page).toHaveTitle('Services Management | Admin Dashboard');
      await expect(page.getByRole('heading', { name: 'Select a Client' })).toBeVisible();

      await page.getByLabel('Client', { exact: true }).selectOption(String(clientId));
      await expect(page).toHaveURL(new RegExp(`[?&]client=${clientId}`));
      await expect(page.getByRole('tab', { name: 'Active', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'No Services Found' })).toBeVisible();
      await expect(page.getByText('This client has no active services.')).toBeVisible();

      // Create: the template is required, then it fills the name and path.
      await page.getByRole('button', { name: 'Add New Service' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a New Service' });
      await dialog.getByRole('button', { name: 'Create Service' }).click();
      await expect(dialog.getByText('Template selection is required')).toBeVisible();
      await dialog.getByLabel('Template').selectOption(String(template.id));
      await expect(dialog.getByLabel('Service Name *')).toHaveValue(template.name);
      await expect(dialog.getByLabel('URL Path *')).toHaveValue(template.slug);
      await expect(dialog.getByLabel('Active Service')).toBeChecked();
      await dialog.getByLabel('URL Path *').fill('not a path');
      await dialog.getByRole('button', { name: 'Create Service' }).click();
      await expect(dialog.getByText('Path may contain only letters, digits and hyphens')).toBeVisible();
      await dialog.getByLabel('URL Path *').fill(path);
      await dialog.getByLabel('Service Name *').fill('Low-T Clinic');
      // The offer has one edit screen, the service editor: here it is only pointed to.
      await dialog.getByRole('tab', { name: 'Special Offer' }).click();
      await expect(dialog.getByText(/^Create the service first/)).toBeVisible();
      await keepScreen(page, { path: screenPath('admin-service-dialog') });
      expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Create Service' }).click();
      await expect(page.locator('.adm-toast').filter({ hasText: 'Low-T Clinic has been saved.' })).toBeVisible();

      const row = page.getByRole('row', { name: /Low-T Clinic/ });
      await row.getByRole('button', { name: 'Edit Low-T Clinic' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Service' });
      await editor.getByLabel('Custom Offer').fill('$79 Consultation');
      await editor.getByRole('button', { name: 'Save Service' }).click();
      await expect(editor).toBeHidden();
      await expect(row).toContainText(`/${path}`);
      await expect(row).toContainText('Active');
      const live = row.getByRole('link', { name: 'Open the live page of Low-T Clinic in a new tab' });
      await expect(live).toHaveAttribute('href', `/${path}?client=${clientId}`);
      await expect(live).toHaveAttribute('target', '_blank');
      const page1 = await page.request.get(`/${path}?client=${clientId}`);
      expect(page1.status()).toBe(200);
      expect(await page1.text()).toContain('$79 Consultation');
      await keepScreen(page, { path: screenPath('admin-services'), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Settings: the stored values come back; unchecked, the page is no longer public.
      await row.getByRole('button', { name: 'Settings of Low-T Clinic' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Service' });
      await expect(edit.getByLabel('URL Path *')).toHaveValue(path);
      await edit.getByLabel('Active Service').uncheck();
      await edit.getByRole('button', { name: 'Update Service' }).click();
      await expect(page.locator('.adm-toast').filter({ hasText: 'Service updated' })).toBeVisible();
      await expect(page.getByRole('row', { name: /Low-T Clinic/ })).toHaveCount(0);
      await page.getByRole('tab', { name: 'Inactive', exact: true }).click();
      const inactive = page.getByRole('row', { name: /Low-T Clinic/ });
      await expect(inactive).toContainText('Inactive');
      await expect(inactive).toHaveClass(/svc-row--inactive/);
      expect((await page.request.get(`/${path}?client=${clientId}`)).status()).toBe(404);

      // Search over name and path, within the tab.
      await page.getByRole('tab', { name: 'All', exact: true }).click();
      await page.getByLabel('Search', { exact: true }).fill(path.toUpperCase());
      await expect(page.getByRole('row', { name: /Low-T Clinic/ })).toBeVisible();
      await page.getByLabel('Search', { exact: true }).fill('no such service');
      await expect(page.getByRole('heading', { name: 'No Services Found' })).toBeVisible();
      await expect(page.getByText('No services match “no such service”.')).toBeVisible();
    } finally {
      await page.request.delete(`/api/clients/${clientId}`);
    }
  });
});
