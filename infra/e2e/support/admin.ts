import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * What every admin journey shares: logging in as the seeded admin (the
 * address and password the global setup passes in `E2E_ADMIN_*`) and the
 * accessibility check of issue 8 (no serious or critical axe violation).
 */

export async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel(/email/i).fill(process.env.E2E_ADMIN_EMAIL ?? '');
  // Typing into the email loads the admin, whose form then replaces the page's (admin-login.spec.ts
  // covers that takeover). Playwright's fill focuses a field and inserts the text in two separate
  // steps; a swap landing between them loses the text, which no keyboard can do. Journeys that only
  // need a session wait for the admin's form first.
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  await page.getByLabel(/password/i).fill(process.env.E2E_ADMIN_PASSWORD ?? '');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
}

/** The ids of serious or critical WCAG 2 A/AA violations on the page, or only inside `within`. */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  // Each rule with the elements it failed on, so a failure says where to look.
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
