import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md: an icon-only row action says what it does without a mouse.
 * On desktop its tooltip shows on hover (and stays while the pointer is on
 * it), on keyboard focus, and Escape hides it; on a phone its words are
 * visible next to the icon. Services' row actions, a client's Actions button
 * and a team member's Edit and Delete (IconAction.tsx).
 */
const isPhone = () => test.info().project.name === 'mobile';

/** The action says `tip`: as the tooltip that hover and focus show (desktop), or as its own visible words (phone). */
async function expectTip(page: Page, action: Locator, tip: string) {
  await expect(action).toBeVisible();
  const tooltip = action.locator('xpath=..').getByRole('tooltip');
  if (isPhone()) {
    await expect(action.getByText(tip, { exact: true })).toBeVisible();
    return;
  }
  await expect(tooltip).toBeHidden();
  await action.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(tip);
  // Hoverable: the pointer can move onto the tooltip without losing it.
  await tooltip.hover();
  await expect(tooltip).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(tooltip).toBeHidden();
  // Keyboard: focus shows it, Escape hides it.
  await action.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(action).toBeFocused();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(action).toBeFocused();
}

test.describe('admin icon actions', () => {
  test.describe.configure({ timeout: 120_000 });

  test('row actions show what they do on hover, on keyboard focus and on a phone', async ({ page }) => {
    await logInAsAdmin(page);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const name = `Birch Lane Clinic ${run}`;
    const created = await page.request.post('/api/clients', { data: { name, address: '8 Birch Ln, Tulsa, OK', phone: '(918) 555-0131' } });
    expect(created.status()).toBe(201);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;
    const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; slug: string }> }).data;
    const template = templates.find((t) => t.slug === 'trt') ?? templates[0]!;
    const service = await page.request.post('/api/services', { data: { name: 'Weight Care', path: `weight-${run}`, clientId, templateId: template.id, isActive: true } });
    expect(service.status()).toBe(201);
    const member = await page.request.post('/api/staff-members', { data: { clientId, name: 'Dr. Ana Ruiz', title: 'Physician', bio: '', imagePath: null, displayOrder: 1 } });
    expect(member.status()).toBe(201);
    try {
      // Services: every icon action of the row.
      await page.goto(`/admin/services?client=${clientId}`);
      const row = page.getByRole('row', { name: /Weight Care/ });
      // The list arrives after the clients and the services are fetched: slow on a busy machine.
      await expect(row).toBeVisible({ timeout: 30_000 });
      await keepScreen(page, { path: screenPath('after-services-row'), fullPage: true });
      const actions: Array<[Locator, string]> = [
        [row.getByRole('button', { name: 'Settings of Weight Care' }), 'Settings'],
        [row.getByRole('button', { name: 'Preview Google Ads of Weight Care' }), 'Preview Ads'],
        [row.getByRole('button', { name: 'Google Ads campaign of Weight Care' }), 'Ads Campaign'],
        [row.getByRole('link', { name: 'Build a Google Ads campaign for Weight Care' }), 'Campaign Builder'],
        [row.getByRole('link', { name: 'Open the live page of Weight Care in a new tab' }), 'Live Page'],
      ];
      for (const [action, tip] of actions) await expectTip(page, action, tip);
      if (!isPhone()) {
        await row.getByRole('button', { name: 'Settings of Weight Care' }).hover();
        await keepScreen(page, { path: screenPath('after-services-tooltip') });
      }
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Clients: the row's Actions button, then a team member's Edit and Delete.
      // The list pages by 20: the clinic is found by its name.
      await page.goto(`/admin/clients?q=${encodeURIComponent(name)}`);
      const clientRow = page.getByRole('row', { name: new RegExp(name) });
      const menu = clientRow.getByRole('button', { name: `Actions for ${name}` });
      await expectTip(page, menu, 'Actions');
      await keepScreen(page, { path: screenPath('after-clients-row') });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await menu.click();
      await page.getByRole('menuitem', { name: 'Staff Members' }).click();
      const dialog = page.getByRole('dialog', { name: `Team Members: ${name}` });
      await expect(dialog.getByText('Dr. Ana Ruiz')).toBeVisible();
      await expectTip(page, dialog.getByRole('button', { name: 'Edit Dr. Ana Ruiz' }), 'Edit');
      await expectTip(page, dialog.getByRole('button', { name: 'Delete Dr. Ana Ruiz' }), 'Delete');
      await keepScreen(page, { path: screenPath('after-staff-dialog') });
      expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
    } finally {
      await page.request.delete(`/api/clients/${clientId}`);
    }
  });
});
