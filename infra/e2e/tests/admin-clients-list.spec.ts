import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Lists that scale: the Clients list searches, sorts and
 * pages on the server, and its URL keeps the view through reload, back and
 * forward. The client form marks its required fields.
 */

/** 22 clinics sharing a word nobody else uses: two pages of 20. */
async function addClinics(page: Page, token: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= 22; i++) {
    const name = `${token} Clinic ${String(i).padStart(2, '0')}`;
    const res = await page.request.post('/api/clients', { data: { name, address: `${i} Quill Rd, Salem, OR`, phone: `(503) 555-01${String(i).padStart(2, '0')}` } });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { data: { id: number } }).data.id);
  }
  return ids;
}

test.describe('admin Clients list', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin searches, sorts and pages the clinics, and the URL keeps the view', async ({ page }) => {
    await logInAsAdmin(page);
    const token = `Quill${Date.now().toString(36)}${test.info().project.name === 'mobile' ? 'm' : 'd'}`;
    const ids = await addClinics(page, token);
    try {
      await page.goto('/admin/clients');
      await expect(page.getByRole('region', { name: 'Clients' }).getByRole('navigation', { name: 'Client pages' })).toBeVisible();
      await keepScreen(page, { path: screenPath('after-clients-list') });

      // Search: on the server, the URL follows.
      await page.getByRole('searchbox', { name: 'Search clients' }).fill(token.toLowerCase());
      await expect(page).toHaveURL(new RegExp(`[?&]q=${token.toLowerCase()}`));
      const clients = page.getByRole('region', { name: 'Clients' });
      await expect(clients.getByRole('status').filter({ hasText: 'of 22 clients' })).toHaveText('1–20 of 22 clients');
      await expect(clients.getByRole('row').filter({ hasText: token })).toHaveCount(20);
      await expect(clients.getByRole('row').filter({ hasText: token }).first()).toContainText(`${token} Clinic 01`);

      // Page 2 holds the last two; reload keeps it.
      await clients.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(clients.getByText('21–22 of 22 clients')).toBeVisible();
      await expect(clients.getByRole('row').filter({ hasText: token })).toHaveCount(2);
      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Search clients' })).toHaveValue(token.toLowerCase());
      await expect(clients.getByText('21–22 of 22 clients')).toBeVisible();
      await expect(clients.getByRole('row').filter({ hasText: `${token} Clinic 22` })).toBeVisible();

      // Sort: Z–A puts the last clinic first, on page 1 again.
      await page.getByLabel('Sort by').selectOption({ label: 'Name (Z–A)' });
      await expect(page).toHaveURL(/[?&]order=desc/);
      await expect(page).not.toHaveURL(/[?&]page=/);
      await expect(clients.getByRole('row').filter({ hasText: token }).first()).toContainText(`${token} Clinic 22`);
      await expect(clients.getByRole('columnheader', { name: 'Client Name' })).toHaveAttribute('aria-sort', 'descending');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await keepScreen(page, { path: screenPath('after-clients-search'), fullPage: true });

      // Back: name A–Z, page 2; forward: Z–A again.
      await page.goBack();
      await expect(clients.getByText('21–22 of 22 clients')).toBeVisible();
      await expect(page.getByLabel('Sort by')).toHaveValue('name:asc');
      await page.goForward();
      await expect(page.getByLabel('Sort by')).toHaveValue('name:desc');
      await expect(clients.getByRole('row').filter({ hasText: token }).first()).toContainText(`${token} Clinic 22`);

      // The phone's digits find one clinic; a search that finds none says so and clears.
      await page.getByRole('searchbox', { name: 'Search clients' }).fill('503 555 0107');
      await expect(clients.getByRole('row').filter({ hasText: `${token} Clinic 07` })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search clients' }).fill(`${token}-nobody`);
      await expect(page.getByRole('heading', { name: 'No clients match your search' })).toBeVisible();
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(page).not.toHaveURL(/[?&]q=/);
      await expect(page.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('');
    } finally {
      for (const id of ids) await page.request.delete(`/api/clients/${id}`);
    }
  });

  test('the client form marks its required fields, and a new clinic is shown once saved', async ({ page }) => {
    await logInAsAdmin(page);
    await page.getByRole('button', { name: 'Add New Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    // A visible '*' that assistive technology reads as 'required'.
    for (const label of ['Client Name', 'Address', 'Phone']) {
      const field = dialog.getByRole('textbox', { name: `${label} (required)` });
      await expect(field).toBeVisible();
      await expect(field).toHaveAttribute('aria-required', 'true');
    }
    await expect(dialog.locator('.adm-field__required')).toHaveCount(3);
    await expect(dialog.locator('.adm-field__required').first()).toHaveText('*');
    await expect(dialog.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-required', 'true');
    expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
    await keepScreen(page, { path: screenPath('after-client-required') });

    const name = `Zephyr Quill ${test.info().project.name} ${Date.now().toString(36)}`;
    await dialog.getByLabel('Client Name').fill(name);
    await dialog.getByLabel('Address').fill('4 Zephyr Way, Bend, OR');
    await dialog.getByLabel('Phone').fill('(541) 555-0160');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    // A 'Z' name sorts far past page 1: the list finds the new clinic for the admin.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search clients' })).toHaveValue(name);
    expect(new URL(page.url()).searchParams.get('q')).toBe(name);
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Client' }).click();
    await page.getByRole('alertdialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete Client' }).click();
    await expect(page.getByRole('heading', { name: 'No clients match your search' })).toBeVisible();
  });
});
