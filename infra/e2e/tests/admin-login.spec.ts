import { expect, test } from '@playwright/test';
import { keepScreen } from '../support/screens';

const email = () => process.env.E2E_ADMIN_EMAIL ?? '';
const password = () => process.env.E2E_ADMIN_PASSWORD ?? '';

test.describe('admin', () => {
  test('an admin logs in, sees the clients list and logs out', async ({ page, request }) => {
    // The guard sends a visitor without a session to the login page.
    await page.goto('/admin/clients');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Admin Login').first()).toBeVisible();

    // The spec's validation messages.
    await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    // A wrong password is refused with the server's message.
    await page.getByLabel(/email/i).fill(email());
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
    await expect(page.getByText('Login failed').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel(/password/i).fill(password());
    await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
    await expect(page.getByText('Login successful').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/clients$/);

    // The list's first page as the screen asks for it (sorted by name, 20 a page): other journeys add clinics.
    const clients = (await (await page.request.get('/api/clients/search')).json()) as { data: { items: Array<{ name: string }>; total: number } };
    expect(clients.data.total).toBeGreaterThanOrEqual(11);
    await expect(page.getByRole('heading', { name: /Clients/ }).first()).toBeVisible();
    for (const client of clients.data.items.slice(0, 3)) {
      await expect(page.getByText(client.name, { exact: true }).first()).toBeVisible();
    }
    await keepScreen(page, { path: `${__dirname}/../.artifacts/admin-clients-${test.info().project.name}.png`, fullPage: true });

    // Without the browser's cookie the same API calls are refused.
    expect((await request.get('/api/clients')).status()).toBe(401);
    expect((await request.get('/api/clients/search')).status()).toBe(401);

    if (test.info().project.name === 'mobile') {
      await page.getByRole('button', { name: /menu/i }).click();
      await expect(page.getByRole('dialog', { name: 'Admin Dashboard' })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully').first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.goto('/admin/clients');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
