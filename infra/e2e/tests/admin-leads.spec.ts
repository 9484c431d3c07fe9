import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * The admin Leads inbox: a visitor sends client 1's landing page
 * form and lands on /thanks; an admin logs in, opens Leads for client 1,
 * finds the lead by the visitor's name, opens its detail (attribution,
 * consent, deliveries) and moves it to Contacted. Screenshots of the screen
 * at 390 and 1280 px go to infra/e2e/.artifacts/.
 */

const email = () => process.env.E2E_ADMIN_EMAIL ?? '';
/** A name no other journey uses: letters only, as a person's name. */
function visitorName(): string {
  const letters = Date.now()
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
  return `Morgan ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

async function submitLead(page: Page, name: string) {
  await page.goto(`/trt?client=1&utm_source=google&utm_medium=cpc&utm_campaign=e2e-leads&gclid=e2e-inbox&v=${Date.now().toString(36)}`);
  const form = page.locator('#contact form');
  await form.getByLabel(/Full Name/).fill(name);
  await form.getByLabel(/Email Address/).fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.com`);
  await form.getByLabel(/Phone Number/).fill('(303) 555-0188');
  await form.getByRole('button', { name: 'Find My Match' }).click();
  await page.waitForURL(/\/thanks\?/);
  expect(new URL(page.url()).searchParams.get('client')).toBe('1');
}

test.describe('admin Leads inbox', () => {
  // A public page, a login and the admin app: more than the default 30 s on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('a visitor’s lead from client 1’s landing page is found, opened and moved to Contacted', async ({ page }) => {
    const name = visitorName();
    await submitLead(page, name);
    await logInAsAdmin(page);

    // The sidebar's Leads entry (the slide-out menu on a phone).
    if (test.info().project.name === 'mobile') await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('link', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/admin\/leads/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await page.getByLabel('Clinic').selectOption('1');
    await expect(page).toHaveURL(/client=1/);

    // Counts for the clinic, and the new lead at the top of its list.
    await expect(page.getByRole('heading', { name: 'Pipeline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'By service' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open ${name}` })).toBeVisible();
    if (test.info().project.name === 'desktop') await page.setViewportSize({ width: 1280, height: 900 });
    await keepScreen(page, { path: screenPath('admin-leads'), fullPage: true });

    // The search finds it by the visitor's name.
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${name.replace(' ', '\\+')}`));
    await expect(page.getByText('1–1 of 1 lead')).toBeVisible();

    // The detail: attribution, consent and the deliveries of this lead.
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const detail = page.getByRole('dialog', { name });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Attribution' })).toBeVisible();
    await expect(detail.getByText('e2e-leads').first()).toBeVisible();
    await expect(detail.getByText('e2e-inbox').first()).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Consent' })).toBeVisible();
    await expect(detail.getByText(/By submitting, you agree that .* may contact you/)).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Deliveries' })).toBeVisible();
    await expect(detail.getByText('E-mail to the clinic')).toBeVisible();
    await expect(detail.getByRole('list', { name: 'Timeline' }).getByText(/^Sent the form/)).toBeVisible();
    await keepScreen(page, { path: screenPath('admin-lead-detail') });
    await detail.getByRole('heading', { name: 'Deliveries' }).scrollIntoViewIfNeeded();
    await keepScreen(page, { path: screenPath('admin-lead-deliveries') });

    // Moved to Contacted: a toast, the history, and the list agrees.
    await detail.getByLabel(`Status of ${name}`).selectOption('contacted');
    await expect(page.getByText(`${name} is now Contacted.`).first()).toBeVisible();
    await expect(detail.getByText(/New\s*→\s*Contacted/)).toBeVisible();
    await expect(detail.getByText(email())).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
    // The list's own select (the panel's has the same label while it animates out).
    await expect(page.getByLabel('Leads', { exact: true }).getByLabel(`Status of ${name}`)).toHaveValue('contacted');

    // The API agrees, and refuses the same call without the admin's cookie.
    const leads = (await (await page.request.get(`/api/leads?clientId=1&q=${encodeURIComponent(name)}`)).json()) as {
      data: { items: Array<{ name: string; status: string }> };
    };
    expect(leads.data.items).toEqual([expect.objectContaining({ name, status: 'contacted' })]);
  });

  test('the CSV export link downloads the filtered leads', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin/leads?client=1&status=contacted');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-client-1-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Reference,Created at,Status,/);
    for (const line of text.trimEnd().split('\r\n').slice(1)) expect(line).toContain(',contacted,');
  });
});
