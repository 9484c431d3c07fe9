import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What every admin journey shares: logging in as the seeded admin (the
 * address and password the global setup passes in `E2E_ADMIN_*`) and the
 * accessibility check of docs/admin.md (no serious or critical axe violation).
 */

/**
 * A session for journeys that need one, not the login screen (admin-login.spec.ts and
 * admin-federation.spec.ts walk that): the login API in the page's own context, so the
 * session cookie is the browser's, then the Clients screen as after a login.
 */
export async function logInAsAdmin(page: Page): Promise<void> {
  const login = await page.request.post('/api/admin/login', {
    data: { email: process.env.E2E_ADMIN_EMAIL ?? '', password: process.env.E2E_ADMIN_PASSWORD ?? '' },
  });
  expect(login.status(), 'admin login').toBe(200);
  await page.goto('/admin/clients');
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
}

/**
 * Axe on `page`, reporting violations only: it still runs every rule on every element, but does
 * not describe each element that passed (a unique selector and its HTML apiece), which is most of
 * its time on a large screen.
 */
export const axeOn = (page: Page): AxeBuilder => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });

/** The ids of serious or critical WCAG 2 A/AA violations on the page, or only inside `within`. */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = axeOn(page).withTags(['wcag2a', 'wcag2aa']);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  // Each rule with the elements it failed on, so a failure says where to look.
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Presses Escape until `layer` (a dialog, a drawer) is hidden. A Radix layer takes Escape only once it
 * is the highest registered layer, which it learns one render after its first paint; until then the
 * layer below it (a toast, say) takes the key, or nothing does. A person never presses that fast; a
 * journey without a screenshot to take between does (README.md, the journeys' paragraph).
 */
export async function dismissWithEscape(page: Page, layer: Locator): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(layer).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}
