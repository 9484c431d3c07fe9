import { expect, test, type Page } from '@playwright/test';
import { pngBytes } from '@hap/test-kit/fixtures/images';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The Team Members dialog (docs/admin.md#staff): an admin adds two staff members
 * with photos to a new clinic, edits one, and the clinic's home page shows
 * the team in display order; after a delete the page shows the one left.
 */

async function addMember(page: Page, member: { name: string; title: string; bio: string; order: number; colour: [number, number, number] }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(member.name);
  await dialog.getByLabel('Title').fill(member.title);
  await dialog.getByLabel('Bio').fill(member.bio);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: pngBytes(160, member.colour) });
  await expect(dialog.getByRole('img', { name: 'Photo preview' })).toBeVisible();
  await dialog.getByLabel('Display Order').fill(String(member.order));
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.locator('.adm-toast').filter({ hasText: `${member.name} has been saved.` })).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: member.name })).toBeVisible();
}

test.describe('admin Team Members', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an admin adds two staff members with photos, edits one, and the home page shows the team in order', async ({ page }) => {
    await logInAsAdmin(page);
    const name = `Cedar Ridge Wellness ${test.info().project.name} ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/clients', { data: { name, address: '400 Cedar Ridge Rd, Boulder, CO', phone: '(720) 555-0147' } });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;
    try {
      await page.goto('/admin/clients');
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Staff Members' }).click();
      const dialog = page.getByRole('dialog', { name: `Team Members: ${name}` });
      await expect(dialog.getByText('No team members yet.')).toBeVisible();

      // The spec's message, from the API's own schema, before anything is sent.
      await dialog.getByLabel('Name', { exact: true }).fill('M');
      await dialog.getByRole('button', { name: 'Add Member' }).click();
      await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();

      await addMember(page, { name: 'Dr. Maya Chen', title: 'Medical Director', bio: 'Board-certified in internal medicine.', order: 2, colour: [180, 90, 40] });
      await addMember(page, { name: 'Jordan Reyes, NP', title: 'Nurse Practitioner', bio: 'Guides every patient through their plan.', order: 1, colour: [40, 120, 180] });

      // Edit mode: the name field takes the focus; the change is saved.
      await dialog.getByRole('button', { name: 'Edit Dr. Maya Chen' }).click();
      await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
      await expect(dialog.getByRole('heading', { name: 'Edit Dr. Maya Chen' })).toBeVisible();
      await dialog.getByLabel('Title').fill('Medical Director & Founder');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.locator('.adm-toast').filter({ hasText: 'Team member updated' })).toBeVisible();
      await expect(dialog.getByText('Medical Director & Founder')).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Add Team Member' })).toBeVisible();
      await keepScreen(page, { path: screenPath('admin-staff') });
      expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);

      // The home page: both, in display order, with their photos.
      const home = await page.context().newPage();
      await home.goto(`/?client=${clientId}`);
      await expect(home.getByRole('heading', { name: 'Meet Our Team' })).toBeVisible();
      const cards = home.locator('#team .team-card');
      await expect(cards.locator('.team-card__name')).toHaveText(['Jordan Reyes, NP', 'Dr. Maya Chen']);
      await expect(cards.nth(1)).toContainText('Medical Director & Founder');
      for (const person of ['Jordan Reyes, NP', 'Dr. Maya Chen']) {
        const photo = home.locator('#team').getByRole('img', { name: person });
        await photo.scrollIntoViewIfNeeded();
        await expect(photo).toBeVisible();
        // Loaded, not a broken image (it may still be arriving on a busy machine).
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
      await keepScreen(home.locator('#team'), { path: screenPath('home-team') });

      // Delete asks first; then the page shows the one left.
      await dialog.getByRole('button', { name: 'Delete Jordan Reyes, NP' }).click();
      await expect(dialog.getByText('Delete Jordan Reyes, NP? This cannot be undone.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.locator('.adm-toast').filter({ hasText: 'Team member removed' })).toBeVisible();
      await expect(dialog.getByRole('listitem')).toHaveCount(1);
      await home.reload();
      await expect(home.getByRole('heading', { name: 'Meet Our Wellness Professional' })).toBeVisible();
      await expect(home.locator('#team .team-card__name')).toHaveText(['Dr. Maya Chen']);
    } finally {
      await page.request.delete(`/api/clients/${clientId}`);
    }
  });
});
