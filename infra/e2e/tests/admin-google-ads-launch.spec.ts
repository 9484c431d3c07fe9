import { expect, test } from '@playwright/test';
import { logInAsAdmin, seriousAxeViolations } from '../support/admin';
import { clinicWithService, clinicWithTrt, journeyRun, logInWithGoogleAds } from '../support/google-ads';
import { keepScreen, screenPath } from '../support/screens';

/**
 * Launching a campaign (docs/campaigns.md#campaign-dialogs, docs/campaigns.md#client-ad-campaign-page, docs/campaigns.md#campaign-builder, docs/admin.md#messages): an
 * admin has AI write campaigns for a template (the stack's fake model),
 * previews one for a clinic's service, validates and launches it (the
 * stack's loopback fake of the Google Ads API), then builds, tests and
 * launches another from the client's ad-campaign page, where a keyword that
 * Google flags under its healthcare policy gives the 15-second policy toast,
 * and reads the launch log.
 */
test.describe('admin Google Ads launch', () => {
  test('an admin generates, previews, validates and launches a clinic’s campaign, then builds and launches one on the client’s ad page', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const project = test.info().project.name;
    const templateName = project === 'mobile' ? 'Medical Weight Loss' : 'Semaglutide Weight Loss';
    const run = `${project}-${Date.now().toString(36)}`;
    await logInWithGoogleAds(page);
    // A clinic with its own domain, an Austin address (the campaign's radius) and a Google Ads account.
    const templates = ((await (await page.request.get('/api/service-templates')).json()) as { data: Array<{ id: number; name: string }> }).data;
    const clientId = await clinicWithService(
      page,
      baseURL!,
      { name: `Lakeside Vitality ${run}`, address: '500 Congress Avenue, Austin, TX 78701', phone: '(512) 555-0142', domain: `lakeside-${run}.example`, googleAdsAccountId: '123-456-7890' },
      { name: templateName, path: `weight-${run}`, templateId: templates.find((t) => t.name === templateName)!.id },
    );

    // AI writes the template's campaigns.
    await page.goto('/admin/google-ads-templates');
    await page.getByRole('navigation', { name: 'Service templates' }).getByRole('button', { name: new RegExp(`^${templateName}`) }).click();
    const panel = page.getByRole('region', { name: templateName });
    await panel.getByRole('button', { name: 'Generate Campaigns' }).click();
    await page.getByRole('dialog', { name: 'Generate Campaigns' }).getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Google Ads campaigns generated successfully!', { exact: true })).toBeVisible({ timeout: 30_000 });

    // Services Management: preview, validate, launch.
    await page.goto(`/admin/services?client=${clientId}`);
    await page.getByRole('button', { name: `Preview Google Ads of ${templateName}` }).click();
    const preview = page.getByRole('dialog', { name: 'Google Ads Campaign Preview' });
    await expect(preview.getByText('1234567890', { exact: true })).toBeVisible();
    await preview.getByRole('button', { name: 'Validate Structure' }).click();
    await expect(page.getByText('Structure Valid', { exact: true })).toBeVisible();
    await preview.getByLabel('Daily budget (USD)').fill('45');
    // The launch request is held until 'Launching...' has been seen: a quick queue would otherwise
    // answer, launch and close the dialog between two looks (a CI run once missed it).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/google-ads/launch-campaign',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await preview.getByRole('button', { name: 'Launch' }).click();
    // Launch asks first: the account, the budget, paused.
    const confirm = page.getByRole('dialog', { name: 'Launch Campaign' });
    await expect(confirm).toContainText('123-456-7890');
    await expect(confirm).toContainText('$45 a day');
    await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(confirm.getByRole('button', { name: 'Launching...' })).toBeVisible();
    release();
    await expect(page.getByText('Campaign Launched', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(preview).toBeHidden();

    // The client's ad page: its accounts, the launch log, the builder.
    await page.goto(`/admin/clients/${clientId}/ads`);
    await expect(page.getByRole('heading', { level: 1, name: `Lakeside Vitality ${run}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Google Ads accounts' })).toContainText('1234567890');
    const log = page.getByRole('region', { name: 'Launch log' });
    await expect(log.getByRole('row')).toHaveCount(2);
    await expect(log.getByRole('row').nth(1)).toContainText('Launched');
    await expect(log.getByRole('link', { name: 'Open in Google Ads' })).toHaveCount(1);

    const builder = page.getByRole('region', { name: 'Campaign builder' });
    await builder.getByRole('button', { name: 'Test Campaign' }).click();
    await expect(page.getByText('No service selected', { exact: true })).toBeVisible();
    await builder.getByLabel('Service').selectOption({ label: templateName });
    await expect(builder.getByLabel('Campaign name')).toHaveValue(/Lakeside Vitality/);
    await expect(builder.getByLabel('Daily budget (USD)')).toHaveValue('33');
    await builder.getByRole('tab', { name: 'Ad Variations' }).click();
    const flagged = `hormone shots ${run}`;
    await builder.getByLabel('Keywords').fill(`${await builder.getByLabel('Keywords').inputValue()}\n${flagged}`);
    await expect(builder.getByText('Symptoms/Problems variation')).toBeVisible();
    await builder.getByRole('button', { name: 'Preview ad' }).click();
    await expect(page.getByRole('dialog', { name: 'Ad preview' }).getByText('Sponsored')).toBeVisible();
    await page.getByRole('dialog', { name: 'Ad preview' }).getByRole('button', { name: 'Close' }).click();
    await builder.getByRole('tab', { name: 'Targeting' }).click();
    // Checked groups see the ads (docs/admin.md#states), as in the Preview dialog: 18-24 starts excluded.
    await expect(builder.getByRole('group', { name: 'Age' }).getByLabel('18-24')).not.toBeChecked();

    // Google flags the new keyword under its healthcare policy: Test says so and Proceed to Launch stays off.
    const script = await page.request.post(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/script`, {
      data: { policyKeywords: [{ text: flagged, policyName: 'HEALTH_IN_PERSONALIZED_ADS', exemptible: true }] },
    });
    expect(script.ok()).toBeTruthy();
    await builder.getByRole('button', { name: 'Test Campaign' }).click();
    const tested = page.getByRole('dialog', { name: 'Campaign Test Preview' });
    await expect(tested.getByText('Found 1 issue. Please fix it before launching.')).toBeVisible();
    await expect(tested.getByText(new RegExp(`keyword "${flagged}"`))).toBeVisible();
    await expect(tested.getByRole('button', { name: 'Proceed to Launch' })).toBeDisabled();
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await keepScreen(page, { path: screenPath('google-ads-test-preview') });
    await tested.getByRole('button', { name: 'Close' }).first().click();

    // Launched anyway: the campaign is created without the keyword and needs a policy review.
    // The service was launched from the Preview dialog: launching again needs the second yes.
    await builder.getByRole('button', { name: 'Launch Campaign' }).click();
    await expect(confirm).toContainText(/already launched on .+ as /);
    await confirm.getByRole('switch', { name: 'Use Template B landing page style' }).check();
    await confirm.getByRole('checkbox', { name: 'Launch another campaign anyway' }).check();
    await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(page.getByText('Healthcare Policy Exception Required', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Open the campaign in Google Ads' })).toBeVisible();
    await expect(log.getByRole('row')).toHaveCount(3);
    await expect(log.getByRole('row').nth(1)).toContainText('Policy review');
    await expect(log.getByRole('row').nth(1)).toContainText(flagged);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keepScreen(page, { path: screenPath('google-ads-client-page'), fullPage: true });

    // Without the flagged keyword the test passes and Proceed to Launch leads to the confirmation.
    await page.request.post(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/script`, { data: {} });
    await builder.getByRole('tab', { name: 'Campaign Settings' }).click();
    await builder.getByRole('button', { name: 'Test Campaign' }).click();
    await expect(tested.getByText('The campaign test was successful. You can now launch the campaign.')).toBeVisible();
    await tested.getByRole('button', { name: 'Proceed to Launch' }).click();
    await confirm.getByRole('checkbox', { name: 'Launch another campaign anyway' }).check();
    await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(page.getByText('Your Google Ads campaign has been successfully launched!', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(log.getByRole('row')).toHaveCount(4);
  });

  test('an admin saves a service’s ad settings, tests and launches it from the Google Ads Campaign dialog', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const run = journeyRun();
    await logInWithGoogleAds(page);
    const clientId = await clinicWithTrt(page, baseURL!, run, { name: "Harbor Men's Health", domainPrefix: 'harbor', address: '2200 Post Oak Boulevard, Houston, TX 77056', phone: '(713) 555-0188', googleAdsAccountId: '234-567-8901' });

    await page.goto(`/admin/services?client=${clientId}`);
    await page.getByRole('button', { name: 'Google Ads campaign of Testosterone Therapy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Google Ads Campaign' });
    await expect(dialog.getByText('No Google Ads settings are configured for this service yet.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Launch Campaign' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Configure Settings' }).click();
    await dialog.getByRole('spinbutton', { name: 'Daily budget (USD)' }).fill('5000');
    await dialog.getByRole('textbox', { name: 'Headline' }).fill('Houston TRT Clinic');
    await dialog.getByRole('textbox', { name: 'Keywords' }).fill('trt houston, low t houston');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expect(dialog.getByText('Daily budget must be at most $1000')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Daily budget (USD)' }).fill('60');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    const saved = dialog.getByRole('region', { name: 'Saved ad settings' });
    await expect(saved).toContainText('$60 a day');
    await expect(saved).toContainText('Houston TRT Clinic');
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);

    // On a laptop's screen (1366×768 leaves about 650 px to the page) the dialog reaches the bottom
    // of the screen, its buttons with it: the toast of Validate Structure covers none of them.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: desktop.width, height: 650 });
    await dialog.getByRole('button', { name: 'Validate Structure' }).click();
    const toast = page.locator('.adm-toast').filter({ hasText: 'Structure Valid' });
    await expect(toast).toBeVisible();
    // Read in one go in the page, once the toast has slid in (it lasts 5 s).
    const covered = await toast.evaluate(async (shown, dialogElement) => {
      await Promise.all(shown.getAnimations().map((a) => a.finished));
      const t = shown.getBoundingClientRect();
      return [...(dialogElement as Element).querySelectorAll('button')]
        .filter((button) => {
          const b = button.getBoundingClientRect();
          return b.width > 0 && b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom;
        })
        .map((button) => button.textContent?.trim());
    }, await dialog.elementHandle());
    expect(covered).toEqual([]);
    await page.setViewportSize(desktop);
    await dialog.getByRole('button', { name: 'Test Campaign' }).click();
    await expect(page.getByText('Test Successful', { exact: true })).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Launch Campaign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Launch Campaign' });
    await expect(confirm).toContainText('234-567-8901');
    await expect(confirm).toContainText('$60 a day');
    await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
    await expect(page.getByText('Campaign Launched', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();

    // The launch used the saved budget and words: the launch log and what Google got say so.
    const launches = ((await (await page.request.get(`/api/google-ads/launches?clientId=${clientId}`)).json()) as { data: Array<{ status: string; campaignName: string }> }).data;
    expect(launches).toEqual([expect.objectContaining({ status: 'launched' })]);
    const state = (await (await page.request.get(`${process.env.E2E_GOOGLE_ADS_URL}/__fake/state`)).json()) as {
      campaigns: Array<{ name: string; budgetMicros: string; adGroups: Array<{ keywords: Array<{ text: string }> }> }>;
    };
    const created = state.campaigns.find((c) => c.name === launches[0]!.campaignName)!;
    expect(created.budgetMicros).toBe('60000000');
    expect(created.adGroups[0]!.keywords.map((k) => k.text)).toContain('trt houston');
  });

  test('a client that does not exist says so', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin/clients/98765/ads');
    await expect(page.getByText("Client not found or you don't have permission to view this client.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Clients' }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
  });
});
