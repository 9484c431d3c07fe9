import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithService, connectGoogleAds } from '../support/google-ads';

interface FakeCall {
  kind: string;
  customerId: string;
  validateOnly: boolean;
  updates?: string[];
}

/**
 * docs/results-and-experiments.md: a launched campaign after launch. From the client's launch
 * log the admin sees the campaign as Google reports it (status, daily
 * budget, its ads' policy approval), resumes and pauses it and changes its
 * daily budget after a confirmation naming the account, and undoes that change from
 * the same place; each change reaches the fake Google Ads API once (after Google's
 * validate-only check).
 */
test.describe('admin campaign changes after launch', () => {
  test('pause and change the budget of a launched campaign from the launch log: one mutate each at Google', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const run = `${test.info().project.name}-${Date.now().toString(36)}`;
    // An account of its own, so the fake's calls of this journey are told apart from the other project's.
    const digits = `${Date.now()}${test.info().project.name === 'mobile' ? 1 : 2}`.slice(-10);
    const account = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    await logInAsAdmin(page);
    await connectGoogleAds(page);
    const clientId = await clinicWithService(
      page,
      baseURL!,
      { name: `Lakeside Vitality ${run}`, address: '300 Peachtree Street, Atlanta, GA 30308', phone: '(404) 555-0177', domain: `lakeside-${run}.example`, googleAdsAccountId: account },
      { name: 'Testosterone Therapy', path: `trt-${run}`, templateId: 1 },
    );

    await page.goto(`/admin/clients/${clientId}/ads`);
    const builder = page.getByRole('region', { name: 'Campaign builder' });
    await builder.getByLabel('Service').selectOption({ label: 'Testosterone Therapy' });
    await expect(builder.getByLabel('Campaign name')).toHaveValue(/Lakeside/);
    await builder.getByLabel('Daily budget (USD)').fill('40');
    await builder.getByRole('button', { name: 'Launch Campaign' }).click();
    await page.getByRole('dialog', { name: 'Launch Campaign' }).getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(page.getByText('Your Google Ads campaign has been successfully launched!', { exact: true })).toBeVisible({ timeout: 30_000 });

    const log = page.getByRole('region', { name: 'Launch log' });
    await expect(log.getByRole('row').nth(1)).toContainText('Launched', { timeout: 30_000 });
    await log.getByRole('button', { name: /^Show .+ in Google Ads$/ }).click();
    const campaign = log.getByRole('group', { name: /in Google Ads$/ });
    await expect(campaign).toContainText('Status: Paused');
    await expect(campaign).toContainText('Daily budget: $40');
    await expect(campaign).toContainText(/Ads: \d+ Approved/);

    // Resume (it starts spending: asked first, naming the account and budget), then pause: Google has it as the screen says.
    await campaign.getByRole('button', { name: /^Resume / }).click();
    const resume = page.getByRole('dialog', { name: 'Resume campaign' });
    await expect(resume).toContainText('spends up to $40 a day');
    await resume.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(resume).toBeHidden();
    await expect(campaign).toContainText('Status: Enabled');
    await campaign.getByRole('button', { name: /^Pause / }).click();
    await expect(campaign).toContainText('Status: Paused');
    await expect(campaign.getByRole('button', { name: /^Resume / })).toBeVisible();

    // Change budget: the field is checked as the API checks it, then the change is confirmed with the account and the amount.
    await campaign.getByRole('button', { name: /^Change budget of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Change daily budget' });
    await dialog.getByLabel('New daily budget (USD)').fill('5000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Daily budget must be at most $1000');
    await dialog.getByLabel('New daily budget (USD)').fill('55');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText(`in Google Ads account ${account} to $55 (now $40)?`);
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Set $55 a day' }).click();
    await expect(dialog).toBeHidden();
    await expect(campaign).toContainText('Daily budget: $55');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The change is undone from the same place, confirmed like any budget change.
    await expect(campaign).toContainText('Changed from $40 to $55 a day.');
    await campaign.getByRole('button', { name: /^Undo: set the daily budget of .+ back to \$40$/ }).click();
    await expect(dialog).toContainText(`in Google Ads account ${account} to $40 (now $55)?`);
    await dialog.getByRole('button', { name: 'Set $40 a day' }).click();
    await expect(dialog).toBeHidden();
    await expect(campaign).toContainText('Daily budget: $40');

    const state = (await (await page.request.get(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/state`)).json()) as { calls: FakeCall[]; campaigns: Array<{ customerId: string; status: string; budgetMicros: string }> };
    const changes = state.calls.filter((c) => c.kind === 'mutate' && c.customerId === digits && c.updates);
    expect(changes.filter((c) => !c.validateOnly).map((c) => c.updates)).toEqual([
      ['campaign.status=ENABLED'],
      ['campaign.status=PAUSED'],
      ['campaign_budget.amount_micros=55000000'],
      ['campaign_budget.amount_micros=40000000'],
    ]);
    expect(changes.filter((c) => c.validateOnly)).toHaveLength(4);
    expect(state.campaigns.filter((c) => c.customerId === digits)).toEqual([expect.objectContaining({ status: 'PAUSED', budgetMicros: '40000000' })]);
  });
});
