import { expect, test } from '@playwright/test';
import { logInAsAdmin } from '../support/admin';

/**
 * A page an ad points to never disappears by an edit (services/templates README,
 * "Page paths"): an admin changes a template's slug while a clinic offers it; the
 * editor says who uses the page and asks first, nothing is saved on 'Go back', and
 * once changed the old address answers 301 to the new one with its query.
 */
test.describe('admin page paths', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new slug: the editor says how many clinics and running campaigns use the page, asks, and the old address moves with a 301', async ({ page }) => {
    await logInAsAdmin(page);
    const token = Date.now().toString(36);
    const name = `PRP Hair Restoration ${token}`;
    const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ subcategoryId: number }> }).data;
    const made = await page.request.post('/api/templates/create', {
      data: { name, description: 'Platelet-rich plasma for thinning hair, in the clinic’s words.', subcategoryId: templates[0]!.subcategoryId, content: 'empty' },
    });
    expect(made.status()).toBe(202);
    const generation = ((await made.json()) as { data: { templateId: number; templateSlug: string } }).data;
    const slug = generation.templateSlug;
    expect((await page.request.post('/api/service-templates/activate', { data: { clientId: 2, templateId: generation.templateId } })).status()).toBe(200);
    expect((await page.request.get(`/${slug}?client=2`)).status()).toBe(200);

    await page.goto('/admin/templates');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    await page.getByRole('button', { name: new RegExp(`^Edit ${name}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Template' });
    const next = `hair-restoration-${token}`;
    await dialog.getByLabel('Slug').fill(next);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    const ask = dialog.getByRole('alertdialog');
    await expect(ask).toContainText(`/${slug} is used by 1 clinic and 0 running Google Ads campaigns.`);
    await expect(ask).toContainText('the old address answers with a permanent redirect (301) to the new one');
    await expect(ask).toBeFocused();
    // Going back saves nothing.
    await ask.getByRole('button', { name: 'Go back' }).click();
    await expect(ask).toHaveCount(0);
    expect((await page.request.get(`/${slug}?client=2`)).status()).toBe(200);

    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('alertdialog').getByRole('button', { name: 'Change the slug' }).click();
    await expect(page.locator('.adm-toast')).toContainText('Template updated');
    await expect(dialog).toHaveCount(0);

    const moved = await page.request.get(`/${slug}?client=2&gclid=e2e-${token}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()['location']).toBe(`/${next}?client=2&gclid=e2e-${token}`);
    expect((await page.request.get(`/${next}?client=2`)).status()).toBe(200);

    // Leave client 2 as it was found.
    expect((await page.request.delete(`/api/service-templates/deactivate?clientId=2&templateId=${generation.templateId}`)).status()).toBe(200);
  });
});
