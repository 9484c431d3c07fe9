import { expect, test } from '@playwright/test';
import { generatedCampaigns } from '../support/google-ads';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { keepScreen, screenPath } from '../support/screens';

/**
 * docs/admin.md "Money moves only on purpose": Optimize asks first, the AI's
 * rewrite is a proposal shown beside the current version, and only Keep
 * changes applies it; Discard (or leaving it) keeps the campaign as it was.
 */
test.describe('admin Optimize: ask, compare, keep or discard', () => {
  test('an admin is asked before the AI rewrites a campaign, compares the proposal and keeps or discards it', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    // Each project on its own template: both run at once on one stack.
    const [templateId, templateName] = test.info().project.name === 'mobile' ? [2, 'Medical Weight Loss'] : [6, 'Semaglutide Weight Loss'];
    await logInAsAdmin(page);
    await generatedCampaigns(page, baseURL!, templateId);
    await page.goto('/admin/google-ads-templates');
    await page.getByRole('navigation', { name: 'Service templates' }).getByRole('button', { name: new RegExp(`^${templateName}`) }).click();
    const panel = page.getByRole('region', { name: templateName });
    const card = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'TRT - Low Energy' }) })
      .first();
    await expect(card).toContainText('Keyword theme: low testosterone');

    // Choosing a goal asks first; Cancel leaves everything as it was.
    await card.getByLabel('Optimize TRT - Low Energy').selectOption('reduce_cost');
    const ask = page.getByRole('alertdialog', { name: 'Optimize TRT - Low Energy with AI?' });
    await expect(ask).toContainText('Reduce cost');
    await expect(ask).toContainText('The current version stays in use until you keep the changes.');
    await keepScreen(page, { path: screenPath('after-optimize-ask') });
    expect(await seriousAxeViolations(page, '[role="alertdialog"]')).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(panel.getByRole('status')).toHaveCount(0);

    // Asked and confirmed: the AI's rewrite comes back as a proposal beside the current version.
    await card.getByLabel('Optimize TRT - Low Energy').selectOption('reduce_cost');
    await ask.getByRole('button', { name: 'Optimize with AI' }).click();
    await expect(panel.getByRole('status')).toContainText('Optimizing the campaign…');
    const proposal = page.getByRole('dialog', { name: 'Proposed changes: TRT - Low Energy' });
    await expect(proposal).toBeVisible({ timeout: 30_000 });
    const current = proposal.getByRole('region', { name: 'Current version' }).first();
    const proposed = proposal.getByRole('region', { name: 'Proposed version' }).first();
    await expect(current).toContainText('low testosterone');
    await expect(proposed).toContainText('booked consultations');
    await expect(proposal.getByRole('heading', { name: 'Ad group: Low Testosterone' })).toBeVisible();
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await keepScreen(page, { path: screenPath('after-optimize-compare') });

    // Closed without choosing: nothing is applied, and the proposal waits on the card.
    await proposal.getByRole('button', { name: 'Close' }).click();
    await expect(card).toContainText('Keyword theme: low testosterone');
    await page.reload();
    await page.getByRole('navigation', { name: 'Service templates' }).getByRole('button', { name: new RegExp(`^${templateName}`) }).click();
    await expect(card.getByRole('button', { name: 'Review proposed changes to TRT - Low Energy' })).toBeVisible();
    await expect(card).toContainText('Keyword theme: low testosterone');

    // Discard drops it; the campaign is as it was.
    await card.getByRole('button', { name: 'Review proposed changes to TRT - Low Energy' }).click();
    await proposal.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Changes discarded', { exact: true })).toBeVisible();
    await expect(proposal).toBeHidden();
    await expect(card.getByRole('button', { name: 'Review proposed changes to TRT - Low Energy' })).toHaveCount(0);
    await expect(card).toContainText('Keyword theme: low testosterone');

    // Again, and Keep changes applies it.
    await card.getByLabel('Optimize TRT - Low Energy').selectOption('improve_ctr');
    await ask.getByRole('button', { name: 'Optimize with AI' }).click();
    await expect(proposal).toBeVisible({ timeout: 30_000 });
    await proposal.getByRole('button', { name: 'Keep changes' }).click();
    await expect(page.getByText('Campaign optimized successfully!', { exact: true })).toBeVisible();
    await expect(proposal).toBeHidden();
    await expect(card).toContainText('Keyword theme: booked consultations');
    await expect(card.getByRole('heading', { level: 3 })).toHaveText('TRT - Low Energy');
    await keepScreen(page, { path: screenPath('after-optimize-kept'), fullPage: true });
  });
});
