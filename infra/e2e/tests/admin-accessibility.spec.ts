import { expect, test, type Page } from '@playwright/test';
import { dismissWithEscape, logInAsAdmin, seriousAxeViolations } from '../support/admin';

/**
 * docs/admin.md, for the whole admin area: every screen reached from the
 * sidebar has no serious or critical axe violation and no repeated id; a
 * skip link is the first stop of the Tab key and lands on the screen itself;
 * the mobile menu and a row's actions menu work by keyboard alone.
 */

/** The screens of the sidebar and the ones reached from them. */
const SCREENS = ['/admin/clients', '/admin/leads', '/admin/results', '/admin/services', '/admin/templates', '/admin/templates/activated?client=1', '/admin/audit', '/admin/messaging', '/admin/clients/1/messaging'];

/** Ids that appear more than once in the document. */
async function repeatedIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
}

test.describe('admin accessibility', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the login page and every admin screen: no serious axe violation, no repeated id', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await repeatedIds(page)).toEqual([]);

    await logInAsAdmin(page);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      // Loaded, not a spinner: the screen's own data has arrived.
      await expect(page.locator('.adm-loading')).toHaveCount(0);
      expect(await seriousAxeViolations(page), path).toEqual([]);
      expect(await repeatedIds(page), path).toEqual([]);
    }
  });

  test('the skip link is the first Tab stop and moves focus to the screen', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin/templates');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#admin-main')).toBeFocused();
    // The address is the router's: no #fragment was added.
    expect(new URL(page.url()).hash).toBe('');
    // The next Tab stop is inside the screen, not the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('admin-main');
  });

  test('menus by keyboard: the mobile menu (phone) and a client’s actions menu', async ({ page }) => {
    await logInAsAdmin(page);
    if (test.info().project.name === 'mobile') {
      const open = page.getByRole('button', { name: 'Open menu' });
      await open.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Admin Dashboard' });
      await expect(drawer).toBeVisible();
      await dismissWithEscape(page, drawer);
      await expect(open).toBeFocused();
    }

    const first = page.getByRole('button', { name: /^Actions for / }).first();
    await first.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(first).toBeFocused();
  });
});
