import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen } from '../support/screens';

/** The Audit Log: an admin's change to a clinic is listed with who, when, and its old and new values. */

test.describe('admin Audit Log', () => {
  test('a change to a clinic shows in the Audit Log with its old and new value', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await logInAsAdmin(page);
    const clients = await page.request.get('/api/clients');
    const clinic = ((await clients.json()) as { data: Array<{ id: number; name: string; phone: string }> }).data.find((c) => c.id === 3)!;
    const phone = `(303) 555-${String(Date.now() % 10_000).padStart(4, '0')}`;
    const patch = (value: string) => page.request.patch('/api/clients/3', { data: { phone: value }, headers: { origin: baseURL! } });
    expect((await patch(phone)).status()).toBe(200);
    try {
      await page.goto('/admin/audit');
      // The page's chunk first (a busy two-core machine took more than 10 s).
      await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible({ timeout: 30_000 });
      // Named, not numbered: the clinic's name and the admin's e-mail.
      const entry = page.locator('.aud-entry').filter({ hasText: `Changed client ‘${clinic.name}’` }).first();
      await expect(entry).toBeVisible();
      await expect(entry).toContainText(process.env.E2E_ADMIN_EMAIL!);
      await entry.locator('summary').click();
      await expect(entry).toContainText(clinic.phone);
      await expect(entry).toContainText(phone);
      await keepScreen(page, { path: `${__dirname}/../.artifacts/audit-${test.info().project.name}.png` });
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await patch(clinic.phone);
    }
  });
});
