import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Activated templates (docs/admin.md#services, docs/admin.md#roles): an admin activates a
 * template for client 2, its service page answers, then deactivates it again
 * and the page is gone (404). Each project uses its own template, so the
 * desktop and mobile runs do not race; both leave client 2 as they found it.
 */
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}v=${Date.now().toString(36)}`;

interface Template {
  id: number;
  name: string;
  slug: string;
}

/** A template client 2 has no service for at all, so activating it makes the page /{slug}. */
async function pickInactiveTemplate(page: Page): Promise<Template> {
  const data = async <T>(path: string): Promise<T> => ((await (await page.request.get(path)).json()) as { data: T }).data;
  const templates = await data<Template[]>('/api/service-templates');
  const services = await data<Array<{ templateId: number }>>('/api/services/client/2');
  const candidates = templates.filter((t) => !services.some((s) => s.templateId === t.id) && /^[a-z0-9-]+$/.test(t.slug));
  const index = test.info().project.name === 'mobile' ? 1 : 0;
  expect(candidates.length, 'templates client 2 has no service for').toBeGreaterThan(index);
  return candidates[index];
}

test.describe('admin Activated Templates', () => {
  test('an admin activates a template for a client, its page answers; deactivating it takes the page down', async ({ page }) => {
    test.setTimeout(60_000);
    await logInAsAdmin(page);
    const template = await pickInactiveTemplate(page);
    expect((await page.request.get(fresh(`/${template.slug}?client=2`))).status()).toBe(404);

    await page.goto('/admin/templates/activated?client=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Activated Templates' })).toBeVisible();
    await expect(page).toHaveTitle('Activated Templates | Admin Dashboard');
    const count = page.getByText(/^\d+ of \d+ active$/);
    await expect(count).toBeVisible();
    const [before, total] = (await count.textContent())!.match(/\d+/g)!.map(Number);
    const box = page.getByRole('checkbox', { name: template.name, exact: true });
    await expect(box).not.toBeChecked();

    await box.check();
    await expect(page.locator('.adm-toast')).toContainText('Template activated');
    await expect(box).toBeChecked();
    await expect(page.getByText(`${before + 1} of ${total} active`)).toBeVisible();
    expect((await page.request.get(fresh(`/${template.slug}?client=2`))).status()).toBe(200);
    // The refetch 0.5 s later agrees, and shows the page's path.
    await expect(page.getByRole('link', { name: new RegExp(`^/${template.slug}`) })).toBeVisible();

    if (test.info().project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 900 });
    await keepScreen(page, { path: screenPath('activated'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard: the checkbox toggles with Space.
    await box.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('.adm-toast')).toContainText('Template deactivated');
    await expect(box).not.toBeChecked();
    await expect(page.getByText(`${before} of ${total} active`)).toBeVisible();
    expect((await page.request.get(fresh(`/${template.slug}?client=2`))).status()).toBe(404);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('.adm-toast')).toContainText('Changes saved');
    await expect(page.getByText(`${before} of ${total} active`)).toBeVisible();
  });

  test('the client picker changes ?client= and the Service Templates page links here', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin/templates');
    await page.getByRole('link', { name: 'Activated templates' }).click();
    await expect(page).toHaveURL(/\/admin\/templates\/activated\?client=1$/);
    await expect(page.getByText(/^\d+ of \d+ active$/)).toBeVisible();
    await page.getByLabel('Client', { exact: true }).selectOption({ index: 1 });
    await expect(page).toHaveURL(/\?client=\d+$/);
    expect(new URL(page.url()).searchParams.get('client')).not.toBe('1');
    await expect(page.getByText(/^\d+ of \d+ active$/)).toBeVisible();
  });
});
