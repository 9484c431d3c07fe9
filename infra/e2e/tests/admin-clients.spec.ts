import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { pngBytes } from '@hap/test-kit/fixtures/images';
import { keepScreen } from '../support/screens';

/**
 * Clients Management (docs/admin.md#clients): an admin adds a clinic with a logo,
 * edits it (a refused tracking id opens its tab; a lead webhook gets its
 * signing secret), and deletes it after confirming.
 */

test.describe('admin Clients Management', () => {
  test('an admin adds a clinic with a logo, edits it, sets its lead webhook, and deletes it', async ({ page }) => {
    test.setTimeout(90_000);
    const name = `Harbor Vitality ${test.info().project.name} ${Date.now().toString(36)}`;
    await logInAsAdmin(page);

    await page.getByRole('button', { name: 'Add New Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(dialog.getByText('Client name must be at least 3 characters')).toBeVisible();

    await dialog.getByLabel('Client Name').fill(name);
    await dialog.getByLabel('Address').fill('9 Harbor Way, Portland, OR');
    await dialog.getByLabel('Phone').fill('(503) 555-0199');
    await dialog.getByLabel('Email').fill('front-desk@harborvitality.example');
    await dialog.getByRole('tab', { name: 'Images' }).click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload image' }).first().click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes(96, [0, 74, 173]) });
    await expect(dialog.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Branding' }).click();
    await keepScreen(page, { path: `${__dirname}/../.artifacts/client-dialog-${test.info().project.name}.png` });
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(page.locator('.adm-toast')).toContainText(`${name} has been saved.`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Logo', { exact: true })).toBeVisible();

    // Edit: a tracking id the API refuses opens the Tracking tab with its message.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Client' }).click();
    const edit = page.getByRole('dialog', { name: `Edit Client: ${name}` });
    await edit.getByRole('tab', { name: 'Tracking' }).click();
    await edit.getByLabel('Google Ads Tag ID').fill('123');
    await edit.getByRole('tab', { name: 'General' }).click();
    await edit.getByLabel('Phone').fill('(503) 555-0123');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByRole('tab', { name: 'Tracking' })).toHaveAttribute('aria-selected', 'true');
    await expect(edit.getByText('Must be a Google Ads tag id like AW-123456789')).toBeVisible();
    await edit.getByLabel('Google Ads Tag ID').fill('AW-123456789');
    // A monthly budget as people write money (docs/campaigns.md#budget-pacing).
    await edit.getByLabel('Monthly Google Ads budget ($)').fill('$3,000');
    await edit.getByLabel('Webhook URL').fill('http://crm.example.com/hooks');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Must be an https:// URL (it receives patient details)')).toBeVisible();
    await edit.getByLabel('Webhook URL').fill('https://crm.example.com/hooks/leads');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('.adm-toast')).toContainText(`${name} has been saved.`);
    await expect(row).toContainText('(503) 555-0123');

    // The webhook's secret was made with it: shown in the Tracking tab.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Client' }).click();
    await edit.getByRole('tab', { name: 'Tracking' }).click();
    await expect(edit.getByLabel('Webhook Secret')).toHaveValue(/^whsec_/);
    await expect(edit.getByLabel('Monthly Google Ads budget ($)')).toHaveValue('3000');
    await keepScreen(page, { path: `${__dirname}/../.artifacts/client-tracking-${test.info().project.name}.png` });
    expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A change saved at the first try is saved (not taken for "nothing changed").
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Client' }).click();
    await edit.getByLabel('Phone').fill('(503) 555-0177');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('.adm-toast').filter({ hasText: `${name} has been saved.` })).toBeVisible();
    await expect(row).toContainText('(503) 555-0177');

    // Delete: confirmed first.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Client' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete Client' }).click();
    await expect(page.locator('.adm-toast')).toContainText('were removed');
    await expect(row).toBeHidden();
  });
});
