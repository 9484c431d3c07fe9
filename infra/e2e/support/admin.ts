import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * What every admin journey shares: logging in as the seeded admin (the
 * address and password the global setup passes in `E2E_ADMIN_*`) and the
 * accessibility check of issue 8 (no serious or critical axe violation).
 */

export async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  // Using the form loads the admin, whose form then replaces the page's (admin-login.spec.ts covers
  // that takeover). Playwright's fill focuses a field and sets its text in two separate steps; a swap
  // landing between them sets the text of the replaced field, which no keyboard can do (the trace of
  // a failed run shows 430 ms between the two). Journeys that only need a session make the swap
  // happen first: a focus loads the admin, and they fill its own form once it is live.
  await page.getByLabel(/email/i).focus();
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  await page.getByLabel(/email/i).fill(process.env.E2E_ADMIN_EMAIL ?? '');
  await page.getByLabel(/password/i).fill(process.env.E2E_ADMIN_PASSWORD ?? '');
  await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
}

/** The ids of serious or critical WCAG 2 A/AA violations on the page, or only inside `within`. */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  // Each rule with the elements it failed on, so a failure says where to look.
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
