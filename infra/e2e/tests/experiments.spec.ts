import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithService } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/results-and-experiments.md: an admin starts a same-URL experiment on a clinic's service page,
 * visitors land on the one URL and each sees one style (the same on every
 * visit), one sends a lead, the admin sees the arm's visit and lead, and
 * stops the experiment with a winner: from then on the plain URL shows the
 * winner to everyone, the visitor whose cookie named the other style too.
 *//** Visitors' browsers: headless Chromium says so in its user agent, and bots are left out of experiments. */
const agent = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;

/** The style a landing page shows and the experiment arm it names, by its lead form's hidden fields. */
async function shown(page: Page): Promise<{ style: string | null; arm: string | null }> {
  const form = page.getByRole('form', { name: 'Consultation request' }).first();
  await expect(form).toBeVisible();
  const arm = form.locator('input[name="experiment"]');
  return { style: await form.locator('input[name="styleVariant"]').inputValue(), arm: (await arm.count()) ? await arm.inputValue() : null };
}

async function visitor(browser: Browser, n: number, viewport: Page['viewportSize'] extends () => infer V ? V : never) {
  const context = await browser.newContext({ userAgent: agent(n), viewport: viewport ?? undefined });
  return { context, page: await context.newPage() };
}

test.describe('experiments', () => {
  test('an admin starts an experiment, visitors keep their style, a lead counts for its arm, and stopping with a winner shows it to everyone', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    const path = `trt-x-${run}`;
    await logInAsAdmin(page);
    const clientId = await clinicWithService(
      page,
      baseURL!,
      { name: `Experiment Clinic ${run}`, address: '40 Pine Street, Denver, CO 80202', phone: '(303) 555-0177', googleAdsAccountId: '' },
      { name: 'Testosterone Therapy', path, templateId: 1 },
    );

    // The admin starts an A/B test at the service's URL, half the new visitors each way, goal: leads.
    await page.goto(`/admin/experiments?client=${clientId}`);
    await expect(page.getByRole('heading', { name: 'Experiments', level: 1 })).toBeVisible();
    await page.getByLabel('Service page').selectOption({ label: `Testosterone Therapy (/${path})` });
    await expect(page.getByRole('checkbox', { name: /Style A/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Style B/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Style C/ })).not.toBeChecked();
    // A style weighted 0 would get no visitors and show the prior's figures alone: refused in words.
    const weightB = page.getByRole('spinbutton', { name: 'Weight of style B' });
    await weightB.fill('0');
    await page.getByRole('button', { name: 'Start experiment' }).click();
    await expect(page.getByText('Each style needs a weight above 0: remove style B instead')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/experiments\?client=\d+$/);
    await weightB.fill('50');
    await page.getByRole('button', { name: 'Start experiment' }).click();
    await expect(page).toHaveURL(/\/admin\/experiments\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Testosterone Therapy: which style wins?' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No winner yet.' })).toBeVisible();
    const experimentId = page.url().split('/').pop();

    // A visitor lands on the plain URL from an ad: no redirect, one style, the same one when they come back.
    const url = `/${path}?client=${clientId}&gclid=e2e-experiment-click`;
    const first = await visitor(browser, 1, page.viewportSize());
    const answer = await first.page.goto(url);
    expect(answer?.status()).toBe(200);
    expect(answer?.request().redirectedFrom()).toBeNull();
    expect(first.page.url()).toContain(`/${path}?client=${clientId}`);
    const seen = await shown(first.page);
    // The form carries the arm as the page server's signed token: `{id}.{arm}.{clinic}.{expires}.{mac}`.
    expect(seen.arm).toMatch(new RegExp(`^${experimentId}\\.[AB]\\.${clientId}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    const arm = seen.arm!.split('.')[1]!;
    expect(seen.style).toBe(arm.toLowerCase());
    await first.page.reload();
    expect((await shown(first.page)).arm?.split('.').slice(0, 3)).toEqual(seen.arm!.split('.').slice(0, 3));
    await keepScreen(first.page, { path: screenPath(`experiment-visitor-${arm}`), fullPage: false });

    // They send a lead from the style they saw.
    const form = first.page.getByRole('form', { name: 'Consultation request' }).first();
    await form.getByLabel(/Full Name/).fill('Robin Ortega');
    await form.getByLabel(/Email Address/).fill(`robin+${run}@example.com`);
    await form.getByLabel(/Phone Number/).fill('(303) 555-0148');
    await form.locator('button[type="submit"]').click();
    await first.page.waitForURL(/\/thanks\?/);

    // The admin sees the arm's visitor and lead (views are folded every second in this stack; the screen reads them again).
    const row = page.getByRole('row', { name: new RegExp(`^Style ${arm}`) });
    await expect(async () => {
      await page.reload();
      // The reloaded screen first shows its numbers (slow on a busy machine), then they are read.
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row.getByRole('cell').nth(3)).toHaveText('1', { timeout: 2_000 });
      await expect(row.getByRole('cell').nth(2)).not.toHaveText('0', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    // One lead of the rule's 40 a style: the table says so instead of figures that are the prior's.
    await expect(row.getByRole('cell').nth(5)).toHaveText('not enough data yet (1 of 40 conversions)');
    await expect(row).not.toContainText('%');
    await keepScreen(page, { path: screenPath('experiment-running'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The admin stops it with the other style as the winner.
    const winner = arm === 'A' ? 'B' : 'A';
    await page.getByRole('button', { name: 'Stop with a winner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop with a winner' });
    await dialog.getByRole('radio', { name: new RegExp(`^Style ${winner}`) }).check();
    await dialog.getByRole('button', { name: `Stop and use style ${winner}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Stopped: style ${winner} is the page’s style now.` })).toBeVisible();

    // The plain URL shows the winner to everyone: the first visitor (whose cookie named the other style) and a new one.
    await expect(async () => {
      await first.page.goto(url);
      expect(await shown(first.page)).toEqual({ style: winner.toLowerCase(), arm: null });
    }).toPass({ timeout: 15_000 });
    const second = await visitor(browser, 2, page.viewportSize());
    await second.page.goto(url);
    expect(await shown(second.page)).toEqual({ style: winner.toLowerCase(), arm: null });
    // An explicit style URL still shows its own style.
    await second.page.goto(`/${path}/${arm.toLowerCase()}?client=${clientId}`);
    expect(await shown(second.page)).toEqual({ style: arm.toLowerCase(), arm: null });
    await Promise.all([first.context.close(), second.context.close()]);

    // The clinic's list says so.
    await page.getByRole('link', { name: 'All experiments of this clinic' }).click();
    const listed = page.getByRole('row', { name: /Testosterone Therapy/ });
    await expect(listed).toContainText('Stopped');
    await expect(listed).toContainText(`Winner: style ${winner}`);
  });
});
